// deduce serve: keeps the page's static assets for use without a network.
// No page is kept: every page carries the server's token, so the pages always come from
// the server (without a network, a short notice says so). A request that carries the
// token in its address is never stored nor answered from the store.
"use strict";
const CACHE = "deduce-serve-assets-14";  // a new name: older stores (with pages) are dropped
const ASSETS = ["/static/app.js", "/static/app.css", "/static/icon.svg", "/manifest.webmanifest"];
// The notice without a network, in the page's language (the page's choice, its `lang`
// cookie, where the browser lets a worker read it; else the browser's), else English.
const NOTICE = {
  en: {title: "deduce: no connection", heading: "No connection to deduce serve",
       text: "The game is saved by the server. Reload this page once the phone reaches it again."},
  de: {title: "deduce: keine Verbindung", heading: "Keine Verbindung zu deduce serve",
       text: "Das Spiel ist auf dem Server gespeichert. Lade diese Seite neu, sobald das Handy ihn wieder erreicht."},
};

function offline(code) {
  const words = NOTICE[code] || NOTICE.en;
  return `<!doctype html>
<html lang="${NOTICE[code] ? code : "en"}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${words.title}</title><link rel="stylesheet" href="/static/app.css"></head>
<body><main><h1>${words.heading}</h1>
<p>${words.text}</p>
</main></body></html>`;
}

async function language() {
  try {
    const chosen = self.cookieStore && await self.cookieStore.get("lang");
    if (chosen && NOTICE[chosen.value]) return chosen.value;
  } catch (e) { /* no cookies here: the browser's languages */ }
  const asked = (self.navigator && self.navigator.languages) || [];
  for (const tag of asked) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (NOTICE[code]) return code;
  }
  return "en";
}

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
    event.respondWith(fetch(request).catch(async () =>
      new Response(offline(await language()), {headers: {"Content-Type": "text/html; charset=utf-8"}})));
  }
});
