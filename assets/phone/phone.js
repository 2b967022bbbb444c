// The phone controller of Flotte Fünf. Plain JavaScript, no library, no build step.
//
// It joins the arcade's websocket with the room code from its own address (?room=...),
// answers the arcade's clock requests at once, and sends each button's press and release
// stamped with the moment of the touch (the event's timeStamp, on the same clock as
// performance.now()). It shows only what the arcade sends it: its seat, the controls of the
// moment, and the view of its own seat (shell/phones/__init__.py lists the messages; the
// arcade sends them as they change: shell/phones/link.py). Every layout but the menu has a
// pause button in the seat bar; the menu has Start and, once seated, "hold to leave".
"use strict";

const KEY_TOKEN = "flotte5.token";
const KEY_NAME = "flotte5.name";
const ROOM = new URLSearchParams(location.search).get("room") || "";

const app = {
  ws: null,
  joined: false,      // welcomed at least once on this page
  phoneId: null,
  seat: null,         // the last "seat" message
  controls: { type: "controls", layout: "menu" },
  view: null,         // the last view of this seat
  say: "",
  failures: 0,
  timer: 0,           // the next reconnection attempt
  ended: false,       // the arcade said not to come back (full, replaced)
};

const $ = (id) => document.getElementById(id);

function store(key, value) {
  try { localStorage.setItem(key, value); } catch (e) { /* private mode: no memory */ }
}
function recall(key) {
  try { return localStorage.getItem(key); } catch (e) { return null; }
}

// -- the connection ------------------------------------------------------------------------

function connect() {
  clearTimeout(app.timer);
  const ws = new WebSocket(`ws://${location.host}/ws?room=${encodeURIComponent(ROOM)}`);
  app.ws = ws;
  ws.onopen = () => {
    const hello = { type: "hello", name: recall(KEY_NAME) || "Player" };
    const token = recall(KEY_TOKEN);
    if (token) hello.token = token;
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (event) => {
    let msg;
    try { msg = JSON.parse(event.data); } catch (e) { return; }
    if (msg && typeof msg.type === "string") receive(msg);
  };
  ws.onclose = (event) => {
    if (app.ws !== ws) return;
    app.ws = null;
    if (event.code === 4001) return end("The table is full: eight phones are playing. Ask someone to leave, then reload this page.");
    if (event.code === 4002) return end("This phone joined again in another tab or window.");
    app.failures += 1;
    if (app.joined) {
      showStatus(app.failures > 3 ? "Lost the arcade. Is this phone on the same wifi as the TV?" : "Reconnecting…");
    } else if (app.failures > 2) {
      showStatus("Can't join: scan the QR code on the TV again (the room code changes when the arcade restarts).");
    }
    app.timer = setTimeout(connect, Math.min(5000, 500 * app.failures));
  };
}

function end(text) {
  app.ended = true;
  showStatus(text);
}

function send(msg) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(msg));
}

function receive(msg) {
  switch (msg.type) {
    case "sync":
      // answer at once: the arcade measures the round trip around this reading
      send({ type: "sync", id: msg.id, t: performance.now() });
      break;
    case "welcome":
      app.joined = true;
      app.failures = 0;
      app.phoneId = msg.phone_id;
      store(KEY_TOKEN, msg.token);
      showPad();
      break;
    case "full":
      end("The table is full: eight phones are playing.");
      break;
    case "seat":
      app.seat = msg;
      drawSeat();
      if (app.controls.layout === "menu" || app.controls.layout === "wait") drawPad();
      break;
    case "controls":
      app.controls = msg;
      drawPad();
      break;
    case "view":
      app.view = msg.view && typeof msg.view === "object" ? msg.view : null;
      if (app.controls.layout === "hand" || app.controls.layout === "flixo") drawPad();
      break;
    case "say":
      app.say = typeof msg.text === "string" ? msg.text : "";
      for (const el of document.querySelectorAll(".say")) el.textContent = app.say;
      break;
    default:
      break;   // a newer arcade may say more: ignore what this page does not know
  }
}

// -- screens -------------------------------------------------------------------------------

function showOnly(id) {
  for (const s of ["join", "status", "pad"]) $(s).hidden = s !== id;
}
function showStatus(text) {
  $("status-text").textContent = text;
  showOnly("status");
}
function showPad() {
  showOnly("pad");
  drawSeat();
  drawPad();
}

function startJoin() {
  const input = $("name");
  input.value = recall(KEY_NAME) || "";
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim().replace(/\s+/g, " ");
    if (!name) { note("Type a name first."); return; }
    store(KEY_NAME, name.slice(0, 24));
    $("join-button").disabled = true;
    note("Joining…", false);
    connect();
  });
  if (!ROOM) note("Scan the QR code on the TV: this address has no room code.");
}
function note(text, bad = true) {
  const el = $("join-note");
  el.textContent = text;
  el.classList.toggle("bad", bad);
}

// -- the seat ------------------------------------------------------------------------------

function cssColour(c) {
  if (Array.isArray(c) && c.length === 3 && c.every((v) => Number.isFinite(v))) {
    return `rgb(${c.map((v) => Math.max(0, Math.min(255, Math.round(v)))).join(",")})`;
  }
  if (typeof c === "string" && /^#[0-9a-fA-F]{6}$/.test(c)) return c;
  return "rgb(176,186,216)";
}
function isLight(c) {
  const m = cssColour(c).match(/\d+/g);
  if (!m || m.length < 3) return true;
  return Number(m[0]) * 0.3 + Number(m[1]) * 0.59 + Number(m[2]) * 0.11 > 150;
}

// The eight seat shapes of shell/look.py, radius 40 around 0,0.
function shapeSvg(shape) {
  const r = 40;
  const poly = (n, rot, radius) => Array.from({ length: n }, (_, i) =>
    [radius * Math.cos(rot + 2 * Math.PI * i / n), radius * Math.sin(rot + 2 * Math.PI * i / n)]);
  let pts = null;
  switch (shape) {
    case "square": { const k = r * 0.82; pts = [[-k, -k], [k, -k], [k, k], [-k, k]]; break; }
    case "triangle": pts = poly(3, -Math.PI / 2, r * 1.1); pts = pts.map(([x, y]) => [x, y + 6]); break;
    case "diamond": pts = poly(4, -Math.PI / 2, r * 1.05); break;
    case "hexagon": pts = poly(6, 0, r); break;
    case "star":
      pts = Array.from({ length: 10 }, (_, i) => {
        const rad = i % 2 === 0 ? r * 1.08 : r * 0.45, a = -Math.PI / 2 + Math.PI * i / 5;
        return [rad * Math.cos(a), rad * Math.sin(a) + 4];
      });
      break;
    case "cross": {
      const a = r * 0.34, b = r * 0.95;
      pts = [[-a, -b], [a, -b], [a, -a], [b, -a], [b, a], [a, a], [a, b], [-a, b], [-a, a], [-b, a], [-b, -a], [-a, -a]];
      break;
    }
    case "heart":
      pts = Array.from({ length: 40 }, (_, i) => {
        const t = 2 * Math.PI * i / 40;
        const x = 16 * Math.sin(t) ** 3;
        const y = 13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t);
        return [x * r / 16.5, -y * r / 16.5 + 2];
      });
      break;
    default:
      return `<circle class="shape-fill" r="${r}"/>`;
  }
  return `<polygon class="shape-fill" points="${pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ")}"/>`;
}

function svg(shape, cls = "") {
  const el = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  el.setAttribute("viewBox", "-50 -50 100 100");
  if (cls) el.setAttribute("class", cls);
  el.innerHTML = shapeSvg(shape);
  return el;
}

// Seated: the seat's colour, shape and name. Not seated yet: the typed name, no shape.
function seated() {
  return Boolean(app.seat && app.seat.colour !== null && app.seat.colour !== undefined);
}

function drawSeat() {
  const header = $("seat");
  if (!app.seat) { header.hidden = true; return; }
  const colour = seated() ? cssColour(app.seat.colour) : "rgb(70,86,150)";
  document.documentElement.style.setProperty("--seat", colour);
  header.classList.toggle("dark", !seated() || !isLight(app.seat.colour));
  $("seat-shape").innerHTML = seated() ? shapeSvg(app.seat.shape) : "";
  $("seat-name").textContent = String(app.seat.name || "");
  let pause = $("pause");
  if (!pause) {
    pause = button("start", "pause", "❚❚", "pause");
    pause.id = "pause";
    header.appendChild(pause);
  }
  pause.hidden = !seated() || app.controls.layout === "menu" || app.controls.layout === "wait";
  header.hidden = false;
}

// -- buttons -------------------------------------------------------------------------------

// The moment of a touch on the page's clock: the event's own stamp (taken when the touch
// happened, before this handler ran), else now.
function stampOf(event) {
  const t = event && event.timeStamp;
  const now = performance.now();
  return Number.isFinite(t) && t > 0 && t <= now + 1 ? t : now;
}

function press(action, down, t) {
  send({ type: "input", action, down, t });
  if (down && navigator.vibrate) navigator.vibrate(12);
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// A button held by any number of fingers: down with the first, up with the last.
function button(action, cls, label, small) {
  const b = el("button", cls, label);
  b.type = "button";
  b.dataset.action = action;
  if (small) b.appendChild(el("small", "", small));
  const fingers = new Set();
  const release = (event) => {
    if (!fingers.delete(event.pointerId)) return;
    if (fingers.size === 0) { b.classList.remove("down"); press(action, false, stampOf(event)); }
  };
  b.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    if (b.releasePointerCapture) try { b.releasePointerCapture(event.pointerId); } catch (e) { /* none */ }
    fingers.add(event.pointerId);
    if (fingers.size === 1) { b.classList.add("down"); press(action, true, stampOf(event)); }
  });
  b.addEventListener("pointerup", release);
  b.addEventListener("pointercancel", release);
  b.addEventListener("pointerleave", release);
  b.addEventListener("contextmenu", (event) => event.preventDefault());
  return b;
}

function label(action, fallback) {
  const labels = app.controls.labels;
  return labels && typeof labels[action] === "string" ? labels[action] : fallback;
}

// -- layouts -------------------------------------------------------------------------------

const LAYOUTS = { menu: menuLayout, otter: otterLayout, slap: slapLayout, hand: handLayout, flixo: flixoLayout, wait: waitLayout };

function drawPad() {
  const pad = $("pad");
  drawSeat();
  pad.replaceChildren();
  const layout = LAYOUTS[app.controls.layout] || menuLayout;
  layout(pad);
  const say = el("p", "say", app.say);
  pad.appendChild(say);
}

function prompt(pad) {
  if (typeof app.controls.prompt === "string" && app.controls.prompt) {
    pad.appendChild(el("p", "prompt", app.controls.prompt));
  }
}

function seatBig(pad) {
  if (!seated()) return;
  const box = el("div", "seat-big");
  box.appendChild(svg(app.seat.shape));
  box.appendChild(el("div", "you", "your seat on the TV"));
  pad.appendChild(box);
}

function menuLayout(pad) {
  seatBig(pad);
  prompt(pad);
  const dpad = el("div", "dpad");
  dpad.appendChild(button("up", "up", "▲"));
  dpad.appendChild(button("left", "left", "◀"));
  dpad.appendChild(el("div", "hub"));
  dpad.appendChild(button("right", "right", "▶"));
  dpad.appendChild(button("down", "down", "▼"));
  pad.appendChild(dpad);
  pad.appendChild(el("div", "grow"));
  const faces = el("div", "row");
  faces.appendChild(button("b", "face b", "B", label("b", "back")));
  faces.appendChild(button("a", "face a", "A", label("a", "OK")));
  pad.appendChild(faces);
  // more buttons of the moment (the lobby: add a CPU, the options): [[action, label], ...]
  const more = Array.isArray(app.controls.buttons) ? app.controls.buttons : [];
  const extra = el("div", "row");
  for (const item of more) {
    if (Array.isArray(item) && typeof item[0] === "string" && typeof item[1] === "string") {
      extra.appendChild(button(item[0], "start more", item[1]));
    }
  }
  if (extra.childElementCount) pad.appendChild(extra);
  const row = el("div", "row");
  row.appendChild(button("start", "start", label("start", "Start / pause")));
  if (app.controls.leave === true) row.appendChild(button("back", "start leave", "Leave", "hold"));
  pad.appendChild(row);
}

// Flotter Otter: the README's buttons (green A, orange B, blue X, yellow Y, pink R,
// take off = down, grab = up).
const OTTER_BOXES = [["a", "green"], ["b", "orange"], ["x", "blue"], ["y", "yellow"], ["r", "pink"]];

function otterLayout(pad) {
  prompt(pad);
  const grid = el("div", "otter");
  for (const [action, colour] of OTTER_BOXES) grid.appendChild(button(action, `box ${colour}`, colour, action.toUpperCase()));
  grid.appendChild(button("down", "box off", "take off", "top box"));
  pad.appendChild(grid);
  pad.appendChild(button("up", "grab", "GRAB!"));
}

// Fliegen klatschen: move the hand by swiping (one step per swipe length) or by tapping near
// an edge of the pad; slap with the big area.
const SWIPE_STEP = 36;   // CSS px of finger travel per step

function slapLayout(pad) {
  prompt(pad);
  const area = el("div", "swipe", "swipe to move your hand");
  for (const [dir, arrow] of [["up", "▲"], ["down", "▼"], ["left", "◀"], ["right", "▶"]]) {
    area.appendChild(el("span", `arrow ${dir}`, arrow));
  }
  let start = null;
  const step = (dir, t) => {
    press(dir, true, t);
    press(dir, false, t);
    area.classList.add("flash");
    setTimeout(() => area.classList.remove("flash"), 120);
  };
  area.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    start = { id: event.pointerId, x: event.clientX, y: event.clientY, t: stampOf(event), moved: false };
  });
  area.addEventListener("pointermove", (event) => {
    if (!start || event.pointerId !== start.id) return;
    const dx = event.clientX - start.x, dy = event.clientY - start.y;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_STEP) return;
    const dir = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "right" : "left") : (dy > 0 ? "down" : "up");
    step(dir, stampOf(event));
    start = { id: start.id, x: event.clientX, y: event.clientY, t: stampOf(event), moved: true };
  });
  const lift = (event) => {
    if (!start || event.pointerId !== start.id) return;
    if (!start.moved) {   // a tap: the direction of the nearest edge
      const r = area.getBoundingClientRect();
      const nx = (start.x - r.left) / r.width - 0.5, ny = (start.y - r.top) / r.height - 0.5;
      if (Math.max(Math.abs(nx), Math.abs(ny)) > 0.12) {
        step(Math.abs(nx) > Math.abs(ny) ? (nx > 0 ? "right" : "left") : (ny > 0 ? "down" : "up"), start.t);
      }
    }
    start = null;
  };
  area.addEventListener("pointerup", lift);
  area.addEventListener("pointercancel", lift);
  pad.appendChild(area);
  pad.appendChild(button("a", "slap", label("a", "SLAP!")));
}

// A hand of cards from the view of this seat (nothing else is ever sent to this phone).
function handLayout(pad) {
  prompt(pad);
  const hand = el("div", "hand");
  const cards = app.view && Array.isArray(app.view.hand) ? app.view.hand : [];
  const selected = Number.isInteger(app.controls.selected) ? app.controls.selected : null;
  const marked = Array.isArray(app.controls.marked) ? app.controls.marked : [];
  const notes = Array.isArray(app.controls.notes) ? app.controls.notes : [];
  if (!cards.length) hand.appendChild(el("p", "empty", app.view ? "No cards in your hand." : "Your cards come with your turn."));
  cards.forEach((card, i) => {
    const face = drawCard(card, app.controls.game);
    if (i === selected) face.classList.add("selected");
    if (marked.includes(i)) face.classList.add("marked");
    if (typeof notes[i] === "string") face.appendChild(el("div", "note-chip", notes[i]));
    face.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      const t = stampOf(event);
      if (selected === null) return;
      if (i === selected) { press("a", true, t); press("a", false, t); return; }
      const dir = i > selected ? "right" : "left";
      for (let k = 0; k < Math.abs(i - selected); k += 1) { press(dir, true, t); press(dir, false, t); }
      app.controls = { ...app.controls, selected: i };   // the TV's cursor follows
      drawPad();
    });
    hand.appendChild(face);
  });
  pad.appendChild(hand);
  const arrows = el("div", "row");
  arrows.appendChild(button("left", "key", "◀", label("left", "")));
  arrows.appendChild(button("right", "key", "▶", label("right", "")));
  pad.appendChild(arrows);
  const faces = el("div", "row");
  faces.appendChild(button("b", "face b", "B", label("b", "back")));
  faces.appendChild(button("a", "face a", "A", label("a", "play")));
  pad.appendChild(faces);
}

// Flixo: the team's table from this seat's view. The display the cursor is on (else this
// seat's first) is drawn big, the others small; tapping a card of the big one walks the TV's
// cursor there (up/down/left/right presses); A and B say what they do now, and X is there while
// this seat may take back its last swap (controls.labels.x).
function flixoLayout(pad) {
  prompt(pad);
  const view = app.view;
  const displays = view && Array.isArray(view.displays) ? view.displays : [];
  const cursor = Array.isArray(app.controls.cursor) && app.controls.cursor.length === 3 ? app.controls.cursor : null;
  let big = cursor ? cursor[0] : displays.findIndex((d) => d.seat === view.you);
  if (!(big >= 0 && big < displays.length)) big = 0;
  const table = el("div", "flixo");
  if (displays.length) table.appendChild(flixoDisplay(displays[big], big, cursor, true, view));
  const others = el("div", "others");
  displays.forEach((d, i) => { if (i !== big) others.appendChild(flixoDisplay(d, i, null, false, view)); });
  if (others.childElementCount) table.appendChild(others);
  pad.appendChild(table);
  const piles = el("div", "piles");
  const top = view && Array.isArray(view.discard) && view.discard.length ? view.discard[view.discard.length - 1] : null;
  piles.appendChild(pileCard("discard", top));
  if (view && view.drawn) piles.appendChild(pileCard("drawn", view.drawn));
  if (view && Number.isInteger(view.eyes_free)) piles.appendChild(el("div", "eyes", `eye tokens: ${view.eyes_free}`));
  pad.appendChild(piles);
  const controls = el("div", "row flixo-controls");
  const dpad = el("div", "dpad small");
  dpad.appendChild(button("up", "up", "▲"));
  dpad.appendChild(button("left", "left", "◀"));
  dpad.appendChild(el("div", "hub"));
  dpad.appendChild(button("right", "right", "▶"));
  dpad.appendChild(button("down", "down", "▼"));
  controls.appendChild(dpad);
  const faces = el("div", "faces");
  faces.appendChild(button("a", "face a", "A", label("a", "")));
  faces.appendChild(button("b", "face b", "B", label("b", "")));
  if (label("x", "")) faces.appendChild(button("x", "face x", "X", label("x", "")));   // take back a swap
  controls.appendChild(faces);
  pad.appendChild(controls);
}

function flixoCell(cell) {
  const c = el("div", "fcell");
  if (!cell || typeof cell !== "object") return c;
  if (cell.up) {
    c.classList.add("up");
    c.textContent = String(cell.value);
    if (cell.flixo) c.classList.add("flixo");
  } else {
    c.classList.add("down");
    if (cell.eye) { c.classList.add("eye"); c.textContent = String(cell.value); if (cell.flixo) c.classList.add("flixo"); }
  }
  return c;
}

function flixoDisplay(disp, index, cursor, big, view) {
  const box = el("div", big ? "fdisplay big" : "fdisplay");
  const mine = view && disp.seat === view.you;
  const names = Array.isArray(app.controls.names) ? app.controls.names : [];
  const who = typeof names[index] === "string" ? names[index] : "";
  box.appendChild(el("div", "fhead", (mine ? "yours" : who || "team") + (Array.isArray(disp.needs) && disp.needs.length ? ` · needs ${disp.needs.join(" ")}` : "")));
  const cells = Array.isArray(disp.cells) ? disp.cells : [];
  const grid = el("div", "fgrid");
  grid.style.gridTemplateColumns = `repeat(${Math.max(1, cells.length ? cells[0].length : 1)}, 1fr)`;
  cells.forEach((row, r) => row.forEach((cell, c) => {
    const cellEl = flixoCell(cell);
    if (cursor && cursor[0] === index && cursor[1] === r && cursor[2] === c) cellEl.classList.add("cursor");
    if (big && cursor && cursor[0] === index) {
      cellEl.addEventListener("pointerdown", (event) => {
        event.preventDefault();
        const t = stampOf(event);
        const steps = [[r - cursor[1], "down", "up"], [c - cursor[2], "right", "left"]];
        for (const [n, more, less] of steps) {
          for (let k = 0; k < Math.abs(n); k += 1) { press(n > 0 ? more : less, true, t); press(n > 0 ? more : less, false, t); }
        }
        app.controls = { ...app.controls, cursor: [index, r, c] };   // the TV's cursor follows
        drawPad();
      });
    }
    grid.appendChild(cellEl);
  }));
  if (!cells.length) grid.appendChild(el("div", "fempty", "cleared"));
  box.appendChild(grid);
  return box;
}

function pileCard(name, card) {
  const box = el("div", "pile");
  const c = el("div", card ? "fcell up" : "fcell none");
  if (card) { c.textContent = String(card.value); if (card.flixo) c.classList.add("flixo"); }
  box.appendChild(c);
  box.appendChild(el("div", "pile-name", name));
  return box;
}

function waitLayout(pad) {
  seatBig(pad);
  const box = el("div", "wait", "Look at the TV");
  pad.appendChild(box);
  prompt(pad);
}

// -- cards ---------------------------------------------------------------------------------

// Flotte Flitzer (game/flotte_flitzer.py card_json; colours of scenes/games/flotte_flitzer/art.py)
const FF_KIND_COLOURS = {
  ueberholen: [46, 160, 96], falscher_gang: [92, 104, 140], aufholjagd: [232, 128, 30],
  risiko: [200, 44, 60], gefahr: [40, 40, 48],
};
const FF_LINES = {
  windschatten: "Wind-<br>schatten", ueberholen: "Überholen", falscher_gang: "Falscher<br>Gang",
  aufholjagd: "Aufhol-<br>jagd", risiko: "Risiko", gefahr: "Gefahr",
};

function flitzerCard(card) {
  const face = el("button", "card");
  face.type = "button";
  const styles = Array.isArray(app.controls.car_styles) ? app.controls.car_styles : [];
  const style = card.kind === "windschatten" && Number.isInteger(card.colour) ? styles[card.colour] : null;
  const bandColour = style ? style[0] : (FF_KIND_COLOURS[card.kind] || [92, 104, 140]);
  const band = el("div", "band");
  band.style.background = cssColour(bandColour);
  if (isLight(bandColour)) band.classList.add("light");
  band.innerHTML = FF_LINES[card.kind] || "";
  if (!band.innerHTML) band.textContent = String(card.name || "");
  face.appendChild(band);
  const big = card.kind === "risiko" ? "?" : card.kind === "gefahr" ? "!" :
    (Number(card.value) > 0 ? `+${card.value}` : String(card.value));
  face.appendChild(el("div", "value", big));
  if (style) {
    face.classList.add("styled");
    const mark = svg(style[1], "style-shape");
    mark.style.setProperty("--seat", cssColour(style[0]));
    face.appendChild(mark);
  }
  if (card.marker !== null && card.marker !== undefined) {
    face.appendChild(el("div", "marker", card.marker === "skid" ? "Schleudern" : `Risiko ${card.marker}`));
  }
  return face;
}

// Formula Fun (game/formula_fun.py): "M1".."M10" red sign and blue plate, "P6".."P8" blue
// plate, "T" the turbo.
function formulaCard(card) {
  const face = el("button", "card");
  face.type = "button";
  const text = String(card);
  if (text === "T") {
    face.classList.add("turbo");
    face.appendChild(el("div", "value", "+5"));
    face.appendChild(el("div", "label", "TURBO"));
  } else if (text[0] === "M") {
    const red = Number(text.slice(1));
    face.appendChild(el("div", "sign", String(red)));
    face.appendChild(el("div", "plate", red === 1 ? "10" : "3"));
  } else if (text[0] === "P") {
    face.appendChild(el("div", "plate only", text.slice(1)));
  } else {
    face.appendChild(el("div", "value", text));
  }
  return face;
}

function plainCard(card) {
  const face = el("button", "card");
  face.type = "button";
  if (card && typeof card === "object") {
    if (card.value !== undefined) face.appendChild(el("div", "value", String(card.value)));
    if (card.name !== undefined) face.appendChild(el("div", "label", String(card.name)));
  } else {
    face.appendChild(el("div", "value", String(card)));
  }
  return face;
}

function drawCard(card, game) {
  if (game === "flotte_flitzer" && card && typeof card === "object") return flitzerCard(card);
  if (game === "formula_fun" && typeof card === "string") return formulaCard(card);
  return plainCard(card);
}

// -- start ---------------------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", () => {
  startJoin();
  if (recall(KEY_TOKEN) && recall(KEY_NAME) && ROOM) {
    // this phone was here before: go straight back (the token re-takes its seat if the
    // arcade still knows it, else it joins as new)
    $("join-button").disabled = true;
    note("Joining…", false);
    connect();
  }
});
document.addEventListener("visibilitychange", () => {
  if (!document.hidden && !app.ws && app.joined && !app.ended) connect();
});
