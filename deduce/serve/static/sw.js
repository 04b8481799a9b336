// deduce serve: keeps the page's static assets for use without a network.
// No page is kept: every page carries the server's token, so the pages always come from
// the server (without a network, a short notice says so). A request that carries the
// token in its address is never stored nor answered from the store.
"use strict";
const CACHE = "deduce-serve-assets-11";  // a new name: older stores (with pages) are dropped
const ASSETS = ["/static/app.js", "/static/app.css", "/static/icon.svg", "/manifest.webmanifest"];
const OFFLINE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>deduce: no connection</title><link rel="stylesheet" href="/static/app.css"></head>
<body><main><h1>No connection to deduce serve</h1>
<p>The game is saved by the server. Reload this page once the phone reaches it again.</p>
</main></body></html>`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) =>
    Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))));
  self.clients.claim();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin ||
      url.searchParams.has("token")) {
    return;  // the network alone
  }
  if (ASSETS.includes(url.pathname) && url.search === "") {  // the store, then the network
    event.respondWith(caches.open(CACHE).then((cache) => cache.match(request).then((hit) =>
      hit || fetch(request).then((response) => {
        if (response.ok) {
          event.waitUntil(cache.put(request, response.clone()));
        }
        return response;
      }))));
    return;
  }
  if (request.mode === "navigate") {  // a page: the network, or the notice without one
    event.respondWith(fetch(request).catch(() =>
      new Response(OFFLINE, {headers: {"Content-Type": "text/html; charset=utf-8"}})));
  }
});
