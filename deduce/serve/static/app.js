// deduce serve: puts the console's line together from a form, posts it, redraws the page.
"use strict";

const token = document.querySelector('meta[name="deduce-token"]').content;

// The words this script shows, in the page's language: the page carries them (#words),
// each with its {name}s to fill in; English when a page has none.
const WORDS = {
  unreachable: "The server cannot be reached: {why}",
  refused: "refused: {why}",
  notSaved: "not saved",
  missing: "refused: {field} is not filled in yet; fill it in first",
  writing: "Writing: {time}",
  writingLeft: "Writing: {time} left",
  timeUp: "Writing: time is up",
};

function say(name, values) {
  const words = document.getElementById("words");
  let text = (words && words.dataset[name]) || WORDS[name];
  for (const [key, value] of Object.entries(values || {})) {
    text = text.split("{" + key + "}").join(String(value));
  }
  return text;
}

// The page's language switch: the choice is kept in a cookie (a year) that every
// request carries, and the page is drawn again in it.
const LANGUAGE_COOKIE = "lang";

function chooseLanguage(code) {
  document.cookie = LANGUAGE_COOKIE + "=" + encodeURIComponent(code) +
    "; Path=/; Max-Age=31536000; SameSite=Lax";
  window.location.reload();
}

function quote(word) {
  if (word === "") return '""';
  if (!/[\s"']/.test(word)) return word;
  return word.includes('"') ? "'" + word + "'" : '"' + word + '"';
}

function values(field) {
  const control = field.dataset.control;
  if (control === "buttons") {
    const found = [...field.querySelectorAll("input:checked")].map((i) => i.value);
    const other = field.querySelector("input.other");
    if (!found.length && other && other.value.trim()) return [other.value.trim()];
    return field.hasAttribute("data-several") ? facts(found) : found;
  }
  if (control === "parts") {  // one piece a row, in order: a row left at "none" gives none
    const pieces = [...field.querySelectorAll(".part")]
      .map((row) => row.querySelector("input:checked"))
      .filter((input) => input && input.value)
      .map((input) => input.value);
    return pieces.length ? [pieces.join(field.dataset.joiner)] : [];
  }
  if (control === "pairs") {  // each player chosen with the cards tapped, in that order
    const other = field.querySelector("input.other");
    if (other && other.value.trim() && !other.closest("[hidden]")) return [other.value.trim()];
    return Object.entries(pairsOf(field)).filter(([, words]) => words.length)
      .map(([key, words]) => key + "=" + words.join(","));
  }
  if (control === "flag") {
    return field.querySelector("input").checked ? [true] : [];
  }
  if (control === "document") {  // a whole set-up pasted: sent as it is
    const text = field.querySelector("textarea").value.trim();
    return text === "" ? [] : [text];
  }
  const text = field.querySelector("input").value.trim();
  if (text === "") return [];
  return field.hasAttribute("data-repeated") ? text.split(/\s+/) : [text];
}

// FIELD=NAME words, several names of one field written FIELD=NAME,NAME.
function facts(found) {
  const names = new Map();
  for (const fact of found) {
    const [field, name] = fact.split("=", 2);
    names.set(field, [...(names.get(field) || []), name]);
  }
  return [...names].map(([field, those]) => field + "=" + those.join(","));
}

function line(form) {
  const words = [quote(form.dataset.verb)];
  for (const field of form.querySelectorAll(".field")) {
    const keyword = field.dataset.keyword;
    const found = values(field);
    if (!found.length) continue;
    if (field.dataset.control === "flag") {
      words.push(keyword);
    } else if (field.dataset.control === "text" && field.hasAttribute("data-repeated")) {
      // several words, typed as the console takes them (a clue line to amend): as typed
      if (keyword) words.push(keyword);
      words.push(field.querySelector("input").value.trim());
    } else if (keyword.endsWith("=")) {
      words.push(keyword + found.map(quote).join(" "));
    } else {
      if (keyword) words.push(keyword);
      words.push(...found.map(quote));
    }
  }
  return words.join(" ");
}

// The first field the line needs that is left empty (its words would shift into the
// next field's place), or null.
function missing(form) {
  for (const field of form.querySelectorAll(".field")) {
    if (field.hasAttribute("data-optional") || field.dataset.keyword) continue;
    if (field.dataset.control === "flag" || values(field).length) continue;
    const label = field.querySelector("legend, label");
    return label ? label.firstChild.textContent.trim() : field.dataset.name;
  }
  return null;
}

// A message, with each command it quotes between backticks set as code.
function alertBox(text) {
  const box = document.getElementById("alert");
  box.replaceChildren();
  const parts = text.split("`");
  parts.forEach((part, i) => {
    if (i % 2 && parts.length % 2) {
      const code = document.createElement("code");
      code.textContent = part;
      box.append(code);
    } else {
      box.append((i % 2 ? "`" : "") + part);
    }
  });
  box.hidden = !text;
  if (text) box.scrollIntoView({block: "center"});
}

async function call(method, url, body) {
  const response = await fetch(url, {
    method: method,
    credentials: "same-origin",
    headers: {"Authorization": "token " + token, "Content-Type": "application/json"},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let answer = {};
  try { answer = await response.json(); } catch (e) { answer = {error: response.statusText}; }
  return {status: response.status, answer: answer};
}

let edited = false;  // a form on the page holds words the player has not sent yet
let sending = false;

// The table's view (read only) has pages and events of its own.
function viewing() {
  const main = document.getElementById("main");
  return Boolean(main && main.dataset.view !== undefined);
}

async function redraw(id) {
  const page = viewing() ? "/view/" : "/play/";
  const response = await fetch(page + encodeURIComponent(id) + "?part=main",
                               {credentials: "same-origin"});
  const main = document.getElementById("main");
  main.innerHTML = await response.text();
  edited = false;
  wire(main);
}

// Every change to the game, from any device, reaches this page: it is redrawn at once,
// unless the player is filling in a form (then a note offers the new state, and the
// line, if sent, is refused as stale and the page catches up).
function follow(id) {
  if (!window.EventSource) return;
  const api = viewing() ? "/api/view/" : "/api/sessions/";
  const source = new EventSource(api + encodeURIComponent(id) + "/events");
  source.addEventListener("version", (event) => {
    const version = JSON.parse(event.data).version;
    const shown = document.querySelector("#main [data-version]");
    if (!shown || version === null || shown.dataset.version === version || sending) return;
    if (!edited) {
      redraw(id);
      return;
    }
    const note = document.getElementById("changed");
    if (note) note.hidden = false;
  });
}

async function send(text) {
  const main = document.getElementById("main");
  const id = main.dataset.id;
  const state = main.querySelector("[data-version]");
  const body = {line: text};
  if (state) body.version = state.dataset.version;  // refused (409) if the game changed
  main.setAttribute("aria-busy", "true");
  sending = true;
  try {
    const {status, answer} = await call("POST", "/api/sessions/" + encodeURIComponent(id) +
                                        "/lines", body);
    if (status === 409 && answer.state) {
      await redraw(id);  // the game as it is now, then why the line was not carried out
      alertBox(answer.error);
    } else if (status === 503) {
      alertBox(answer.error || say("notSaved"));
    } else if (status === 200) {
      await redraw(id);
      // whose turn it is now (the banner on top), else what the notebook says
      const turn = document.querySelector("section.turn");
      const said = document.querySelector(".said");
      if (turn) window.scrollTo(0, 0);
      else if (said) said.closest("section").scrollIntoView({block: "start"});
    } else {
      alertBox(say("refused", {why: answer.error || status}));
    }
  } catch (e) {
    alertBox(say("unreachable", {why: e.message}));
  } finally {
    sending = false;
    main.removeAttribute("aria-busy");
  }
}

// A set-up question asked only for some answers of an earlier one (the players: the
// seats' puzzles) is shown only for those.
function shownFields(form) {
  for (const field of form.querySelectorAll(".field[data-shown-by]")) {
    const by = fieldNamed(form, field.dataset.shownBy);
    const answer = by ? values(by)[0] : undefined;
    field.hidden = answer !== undefined && !field.dataset.shownFor.split(" ").includes(String(answer));
  }
}

// A new game: over a game in progress only when the player says so (the game now is
// kept, and can be reopened from this page).
async function start(form, replace) {
  const setup = {};
  for (const field of form.querySelectorAll(".field")) {
    if (field.hidden || field.closest(".over")) continue;
    const found = values(field);
    if (found.length) setup[field.dataset.name] = found.join(" ");
  }
  const body = form.dataset.game ? {game: form.dataset.game, setup, replace: Boolean(replace)}
    : {shared: setup.shared || "", replace: Boolean(replace)};  // a game shared as text
  const {status, answer} = await call("POST", "/api/sessions", body);
  const over = form.querySelector(".over");
  if (status === 201) {
    window.location.assign("/play/" + encodeURIComponent(answer.id));
  } else if (status === 409 && answer.in_progress && over) {
    over.querySelector(".note").textContent = answer.error;
    over.querySelector("[data-continue]").href = "/play/" + encodeURIComponent(answer.in_progress);
    over.hidden = false;
    over.scrollIntoView({block: "center"});
  } else {
    alertBox(say("refused", {why: answer.error || status}));
  }
}

async function reopen(button) {
  const id = button.dataset.id;
  const {status, answer} = await call("POST", "/api/sessions/" + encodeURIComponent(id) + "/reopen",
                                      {copy: button.dataset.copy});
  if (status === 200) window.location.assign("/play/" + encodeURIComponent(id));
  else alertBox(say("refused", {why: answer.error || status}));
}

// An advised move typed into its verb's form: each argument's word into the field of its
// name (null: a field the player fills in, cleared). A name with spaces is one word with _.
// The form of ``verb`` on the page that a move of ``args`` is made in (null: none): the
// first whose fields the step fixes (out of sight: the player who acts) agree with the
// move, so that a move of mine never goes into another player's form ("now": of the
// step at hand only).
function verbForm(verb, args, now) {
  const same = (a, b) => a.replace(/\s+/g, "_") === b.replace(/\s+/g, "_");
  const forms = document.querySelectorAll(
    (now ? "section.now " : "") + 'form.verb[data-verb="' + CSS.escape(verb) + '"]');
  for (const form of forms) {
    const agrees = [...form.querySelectorAll(".field")].every((field) => {
      const fixed = field.querySelector(":scope > input[type=hidden]");
      const word = args[field.dataset.name];
      return !fixed || word === null || word === undefined || same(fixed.value, String(word));
    });
    if (agrees) return form;
  }
  return null;
}

function fill(verb, args) {
  const form = verbForm(verb, args);
  if (!form) return;
  const next = put(form, args);
  edited = true;
  const way = form.closest("details");
  if (way) way.open = true;  // a way to act folded away: in sight
  form.scrollIntoView({block: "start"});
  if (next) next.querySelector("input").focus({preventScroll: true});
}

// A move's arguments written into its verb's form; the first field the player fills in
// (null: none).
function put(form, args) {
  const same = (a, b) => a.replace(/\s+/g, "_") === b.replace(/\s+/g, "_");
  let next = null;
  for (const field of form.querySelectorAll(".field")) {
    // an argument written with its keyword (BSI's "new CASE") is never a move's
    if (field.dataset.keyword || !(field.dataset.name in args)) continue;
    const word = args[field.dataset.name];
    if (word === null && !next) next = field;
    if (field.dataset.control === "buttons") {
      const leader = field.dataset.follows && fieldNamed(form, field.dataset.follows);
      if (leader) pickGroups(field, leader);  // the category of the element filled in
      let matched = false;
      for (const input of field.querySelectorAll(".chips input")) {
        if (input.closest(".group[hidden]")) continue;
        input.checked = word !== null && same(input.value, word);
        matched = matched || input.checked;
        const group = input.checked && input.closest("details.group");
        if (group) group.open = true;  // the button tapped in, in sight
      }
      const other = field.querySelector("input.other");
      if (other) other.value = word !== null && !matched ? word : "";
    } else if (field.dataset.control === "parts") {
      const joiner = field.dataset.joiner;
      const pieces = word === null ? [] : joiner ? word.split(joiner) : [...word];
      const rows = field.querySelectorAll(".part");
      rows.forEach((row, i) => {  // each in its place, or where its row offers it
        const inputs = [...row.querySelectorAll("input")];
        const piece = pieces.length === rows.length ? pieces[i]
          : pieces.find((p) => inputs.some((x) => x.value === p));
        for (const input of inputs) input.checked = same(input.value, piece || "");
      });
    } else if (field.dataset.control !== "flag") {
      field.querySelector("input").value = word === null ? "" : word;
    }
  }
  return next;
}

// The field of ``name`` in ``form`` (null: none).
function fieldNamed(form, name) {
  return form.querySelector('.field[data-name="' + CSS.escape(name) + '"]');
}

// A pairs field's choices so far: each of its names with the words tapped for it, in
// order (kept on the field while the page is open).
function pairsOf(field) {
  const names = [...field.querySelectorAll(".keys input")].map((input) => input.value);
  const pairs = JSON.parse(field.dataset.pairs || "{}");
  return Object.fromEntries(Object.entries(pairs).filter(([key]) => names.includes(key)));
}

// The words of the name chosen, checked; the others' not (a name chosen afresh shows its
// own); and the whole answer written under them.
function showPairs(field) {
  const chosen = field.querySelector(".keys input:checked");
  const mine = chosen ? pairsOf(field)[chosen.value] || [] : [];
  for (const input of field.querySelectorAll(".group input")) input.checked = mine.includes(input.value);
  field.querySelector("output").textContent = values(field).join(" ");
}

// A word tapped in a pairs field: added to the name chosen (at the end: the order is
// the order tapped), or taken back; none chosen: nothing, the names are tapped first.
function tapPair(field, input) {
  const chosen = field.querySelector(".keys input:checked");
  const pairs = pairsOf(field);
  if (chosen) {
    const words = (pairs[chosen.value] || []).filter((w) => w !== input.value);
    pairs[chosen.value] = input.checked ? [...words, input.value] : words;
    field.dataset.pairs = JSON.stringify(pairs);
  }
  showPairs(field);
}

// Buttons for the words typed in an earlier field (the players named): one each, the
// one chosen kept while it is still there.
function amongWords(field, source, besides) {
  const chips = field.querySelector(".chips");
  const chosen = field.querySelector("input:checked");
  const left = new Set(besides ? values(besides).map((w) => w.toLowerCase()) : []);
  const words = [...new Set(values(source).join(" ").split(/[\s,]+/).filter(Boolean))]
    .filter((word) => !left.has(word.toLowerCase()));
  chips.replaceChildren(...words.map((word) => {
    const label = document.createElement("label");
    label.className = "chip";
    const input = document.createElement("input");
    input.type = "radio";
    input.name = field.dataset.input;
    input.value = word;
    input.checked = chosen !== null && chosen.value === word;
    const shown = document.createElement("span");
    shown.textContent = word;
    label.append(input, shown);
    return label;
  }));
  field.querySelector(".among").hidden = words.length > 0;
  if (field.dataset.control === "pairs") showPairs(field);
}

// Of buttons by category, only the category the earlier field chose (all while it has
// no answer); a choice in a category put out of sight is taken back.
function pickGroups(field, leader) {
  const chosen = leader.querySelector("input:checked");
  for (const group of field.querySelectorAll(".group[data-heading]")) {
    const shown = !chosen || group.dataset.heading === chosen.value;
    group.hidden = !shown;
    if (chosen && shown && group.tagName === "DETAILS") group.open = true;
    if (!shown) for (const input of group.querySelectorAll("input")) input.checked = false;
  }
}

// Buttons that follow an earlier field's button (Cluedo's cards follow the deck's
// edition): the ones for that button shown (the first while it has none), the others'
// choices taken back; an answer typed there instead of a button: these typed too.
function pickVariant(field, leader) {
  const chosen = leader.querySelector(".chips input:checked");
  const typed = leader.querySelector("input.other");
  const answer = chosen ? chosen.value : (typed && typed.value.trim() ? null : undefined);
  [...field.querySelectorAll(".variant")].forEach((variant, at) => {
    const shown = answer === undefined ? at === 0 : variant.dataset.answer === answer;
    variant.hidden = !shown;
    if (!shown) for (const input of variant.querySelectorAll("input")) input.checked = false;
  });
  const other = field.querySelector("label.other");
  if (other) other.hidden = answer !== null;
  if (field.dataset.control === "pairs") {  // another deck: the cards tapped taken back
    field.dataset.pairs = "{}";
    showPairs(field);
  }
}

function clockText(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  return Math.floor(whole / 60) + ":" + String(whole % 60).padStart(2, "0");
}

// The round's clock runs on on the page between two lines (the server keeps the time);
// the writer's ten minutes count down on this phone only (they score nothing), kept
// across a reload of the page.
function clocks() {
  for (const time of document.querySelectorAll(".clock .time[data-running]")) {
    if (!time.dataset.since) time.dataset.since = String(Date.now() - 1000 * Number(time.dataset.seconds));
    time.textContent = clockText((Date.now() - Number(time.dataset.since)) / 1000);
  }
  for (const button of document.querySelectorAll("button.writing")) {
    const end = Number(localStorage.getItem(writingKey()) || 0);
    const left = (end - Date.now()) / 1000;
    if (!end) button.textContent = say("writing", {time: clockText(60 * Number(button.dataset.minutes))});
    else if (left > 0) button.textContent = say("writingLeft", {time: clockText(left)});
    else button.textContent = say("timeUp");
  }
}

function writingKey() {
  return "deduce-writing-" + document.getElementById("main").dataset.id;
}

function toggleWriting(button) {
  const end = Number(localStorage.getItem(writingKey()) || 0);
  if (end) localStorage.removeItem(writingKey());  // a tap while it runs or is up: reset
  else localStorage.setItem(writingKey(), String(Date.now() + 60000 * Number(button.dataset.minutes)));
  clocks();
}

// The game as text for another device: made only when its card is opened (drawing its
// QR code at every redraw would slow every tap).
async function showMoved(card) {
  if (!card.open) return;
  const id = document.getElementById("main").dataset.id;
  const {status, answer} = await call("GET", "/api/sessions/" + encodeURIComponent(id) + "/shared");
  if (status !== 200) { alertBox(say("refused", {why: answer.error || status})); return; }
  card.querySelector("textarea.share").value = answer.text;
  const image = card.querySelector("img.qr");
  if (answer.qr) image.src = answer.qr;
  image.hidden = !answer.qr;
  card.querySelector(".too-long").hidden = Boolean(answer.qr);
}

// Advice still being worked out (the server answered before it was done): the page
// asks for the advice alone again, less and less often, until it shows; nothing else
// of the page is drawn again (what is typed, open or said stays). A game changed
// meanwhile is redrawn by follow().
let adviceTimer = null;
let waited = 0;
let waitedFor = null;  // the state's version the page waits for the advice of
function awaitAdvice() {
  clearTimeout(adviceTimer);
  const part = document.getElementById("advice-part");
  if (!part || !part.querySelector("[data-pending]")) {
    waited = 0;
    return;
  }
  if (part.dataset.adviceVersion !== waitedFor) waited = 0;
  waitedFor = part.dataset.adviceVersion;
  waited = Math.min(waited ? waited * 1.5 : 300, 3000);
  adviceTimer = setTimeout(async () => {
    const id = document.getElementById("main").dataset.id;
    let text = null;
    try {
      const response = await fetch("/play/" + encodeURIComponent(id) + "?part=advice",
                                   {credentials: "same-origin"});
      if (response.ok) text = await response.text();
      else if (response.status < 500) return;  // no such game here now: nothing to wait for
    } catch (e) { /* asked again below */ }
    const shown = document.getElementById("advice-part");
    if (!shown) return;
    const holder = document.createElement("div");
    if (text !== null) holder.innerHTML = text;
    const fresh = holder.querySelector("#advice-part");
    if (fresh && fresh.dataset.adviceVersion !== shown.dataset.adviceVersion) return;
    if (fresh && !fresh.querySelector("[data-pending]")) {
      shown.replaceWith(fresh);
      wire(fresh);
      // nothing typed yet: the best move written in its form, as a page drawn now has it
      const best = fresh.querySelector("button.fill");
      const args = best && JSON.parse(best.dataset.args);
      const form = best && verbForm(best.dataset.verb, args, true);
      if (form && !edited && !sending) put(form, args);
    } else {
      awaitAdvice();
    }
  }, waited);
}

function wire(root) {
  awaitAdvice();
  for (const card of root.querySelectorAll("details.moved")) {
    card.addEventListener("toggle", () => showMoved(card));
  }
  for (const button of root.querySelectorAll("button.writing")) {
    button.addEventListener("click", () => toggleWriting(button));
  }
  clocks();
  for (const form of root.querySelectorAll("form.verb, form.free")) {
    form.addEventListener("input", () => { edited = true; });
    form.addEventListener("change", () => { edited = true; });
  }
  for (const button of root.querySelectorAll("button.catch-up")) {
    button.addEventListener("click", () => redraw(document.getElementById("main").dataset.id));
  }
  for (const button of root.querySelectorAll("button.step")) {
    button.addEventListener("click", () => {
      const input = button.parentElement.querySelector("input");
      const step = Number(button.dataset.step);
      let value = input.value === "" ? (step > 0 ? Number(input.min || 0) - 1 : Number(input.min || 0) + 1)
                                     : Number(input.value);
      value += step;
      if (input.min !== "" && value < Number(input.min)) value = Number(input.min);
      if (input.max !== "" && value > Number(input.max)) value = Number(input.max);
      input.value = String(value);
      edited = true;
    });
  }
  for (const form of root.querySelectorAll("form.verb")) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const empty = missing(form);
      if (empty) alertBox(say("missing", {field: empty}));
      else send(line(form));
    });
  }
  for (const form of root.querySelectorAll("form.free")) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      send(form.querySelector("input").value);
    });
  }
  for (const form of root.querySelectorAll("form.setup")) {
    form.addEventListener("submit", (event) => { event.preventDefault(); start(form, false); });
    form.querySelector("button.replace").addEventListener("click", () => start(form, true));
    for (const kind of ["input", "change", "click"]) {
      form.addEventListener(kind, () => shownFields(form));
    }
    shownFields(form);
  }
  for (const input of root.querySelectorAll(".field[data-optional] input[type=radio]")) {
    input.addEventListener("click", () => {  // an optional choice taps off again
      if (input.dataset.on === "1") {
        input.checked = false;
        input.dataset.on = "0";
        return;
      }
      for (const other of input.closest(".field").querySelectorAll("input")) other.dataset.on = "0";
      input.dataset.on = "1";
    });
  }
  for (const field of root.querySelectorAll(".field[data-follows]")) {
    const leader = fieldNamed(field.closest("form"), field.dataset.follows);
    if (!leader) continue;
    leader.addEventListener("change", () => pickGroups(field, leader));
    pickGroups(field, leader);
  }
  for (const field of root.querySelectorAll(".field[data-varies]")) {
    const leader = fieldNamed(field.closest("form"), field.dataset.varies);
    if (!leader) continue;
    leader.addEventListener("input", () => pickVariant(field, leader));
    leader.addEventListener("change", () => pickVariant(field, leader));
    pickVariant(field, leader);
  }
  for (const field of root.querySelectorAll(".field[data-control=pairs]")) {
    field.addEventListener("change", (event) => {
      if (event.target.closest(".group")) tapPair(field, event.target);
      else showPairs(field);
    });
  }
  for (const field of root.querySelectorAll(".field[data-among]")) {
    const source = fieldNamed(field.closest("form"), field.dataset.among);
    if (!source) continue;
    const besides = field.dataset.besides
      ? fieldNamed(field.closest("form"), field.dataset.besides) : null;
    source.addEventListener("input", () => amongWords(field, source, besides));
    if (besides) besides.addEventListener("change", () => amongWords(field, source, besides));
    amongWords(field, source, besides);
  }
  for (const other of root.querySelectorAll("input.other")) {
    other.addEventListener("input", () => {  // typed words instead of a button
      for (const input of other.closest(".field").querySelectorAll(".chips input")) input.checked = false;
    });
  }
  for (const button of root.querySelectorAll("button.fill")) {
    button.addEventListener("click", () => fill(button.dataset.verb, JSON.parse(button.dataset.args)));
  }
  for (const button of root.querySelectorAll("button.reopen")) {
    button.addEventListener("click", () => reopen(button));
  }
  for (const button of root.querySelectorAll("button.line")) {
    button.addEventListener("click", () => send(button.dataset.line));
  }
  for (const button of root.querySelectorAll("button.language[data-lang]")) {
    button.addEventListener("click", () => chooseLanguage(button.dataset.lang));
  }
}

wire(document);
const playing = document.getElementById("main");
if (playing && playing.dataset.id) {
  follow(playing.dataset.id);
  setInterval(clocks, 500);
}
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(() => {});
}
