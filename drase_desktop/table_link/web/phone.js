// The phone's page: shows what the app sends (the seat's view, previews) and sends the
// player's choices. It computes no rule: every cost, chance and refusal comes from the app.
"use strict";

const TOKEN = location.pathname.split("/").pop();
const TERRAIN = { normal: "#6f7a55", difficult: "#8a7440", "shallow-water": "#4f86a8",
  rocky: "#7d7a74", mud: "#5e4a33", swamp: "#4c6146", blocked: "#2a2a2a", water: "#285a8c",
  soft: "#8f8a5c" };
const LIGHT_SHADE = [0, 0.25, 0.45, 0.7, 0.3, 0.6];
const SIDE = { players: "#2e7dd7", gm: "#c0392b" };
const $ = (id) => document.getElementById(id);

let socket = null;
let view = null;
let seatLost = false;
let preview = null;      // the last move preview the app sent
let chosenTile = null;   // the tile the player tapped, while its preview allows it
let zoom = 1;
let pan = { x: 0, y: 0 };
let dice = null;

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${TOKEN}`);
  socket.onopen = () => { $("connection").textContent = "connected"; $("connection").className = "pill on"; };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    $("connection").textContent = "offline";
    $("connection").className = "pill";
    if (event.code === 4000 || seatLost) {
      notice("This seat was opened on another phone. Reload this page to take it back.", false);
    } else if (event.code === 4001) {
      notice("The GM made new codes: scan your code on the TV again.", false);
    } else if (event.code === 1001) {
      notice("The GM stopped Table Link.", false);
      setTimeout(connect, 3000);
    } else {
      setTimeout(connect, 1500); // asleep, Wi-Fi lost: the same address gets the seat back
    }
  };
}

function receive(message) {
  switch (message.kind) {
    case "view": view = message.view; showView(); break;
    case "move_preview": showMove(message.preview); break;
    case "attack_preview": showAttack(message.preview); break;
    case "defense_dice": showDice(message.dice); break;
    case "accepted": accepted(message); break;
    case "refused": notice(message.words, false); break;
    case "taken_over": seatLost = true; notice(message.words, false); break;
  }
}

function notice(text, ok) {
  const box = $("notice");
  box.textContent = text;
  box.className = ok ? "ok" : "";
  box.hidden = false;
  clearTimeout(notice.timer);
  notice.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

function accepted(message) {
  if (message.request === "declare") notice("Declared.", true);
  if (message.request === "roll_defense") {
    notice(`Defense ${message.event.total >= 0 ? "+" : ""}${message.event.total}: declaration locked.`, true);
    $("facesBox").hidden = true;
  }
}

// ---------------------------------------------------------------------- the sheet
function showView() {
  const me = view.character;
  const fight = view.fight;
  document.title = `${me.name} · Drase`;
  $("characterName").textContent = me.name;
  $("hp").textContent = `${me.hp}/${me.max_hp}`;
  $("hpFill").style.width = `${Math.max(0, Math.min(100, (100 * me.hp) / Math.max(1, me.max_hp)))}%`;
  $("ac").textContent = me.ac;
  $("speed").textContent = `${me.speed} (${me.movement_left} left)`;
  $("defenseShown").textContent = me.defense === null ? "" : `defense ${signed(me.defense)}`;
  $("phase").textContent = `${fight.clock} · ${fight.phase.title}`;
  $("progress").textContent = fight.progress ? fight.progress.text : "";
  $("whyNot").textContent = fight.why_not || (fight.progress && fight.progress.left.length
    ? `Still to declare: ${fight.progress.left.join(", ")}` : "");
  const locked = view.declaration.locked;
  $("lockedMark").hidden = !locked;
  fillChoices(locked || !fight.declaring);
  $("declarationText").textContent = `So far: ${view.declaration.text}`;
  $("rollButton").disabled = $("rolledButton").disabled = view.declaration.defense_rolled || !fight.declaring;
  // The dice follow the declaration (a declared Defend adds one): asked again with each view.
  if (fight.declaring && !view.declaration.defense_rolled) send({ kind: "defense_dice" });
  $("statuses").replaceChildren(...(me.statuses.length ? me.statuses.map((s) => {
    const tag = document.createElement("span");
    tag.className = "status";
    tag.textContent = s.rounds_left === null ? s.name : `${s.name} (${s.rounds_left} rounds)`;
    return tag;
  }) : [text("div", "No statuses.", "note")]));
  $("weapons").replaceChildren(...me.weapons.map((w) => text("div",
    `${w.name}: ${w.damage} ${w.damage_type}${w.ranged ? `, range ${w.reach}` : `, reach ${w.reach}`}${w.save ? `, save ${w.save}` : ""}`, "weapon")));
  $("spells").replaceChildren(...me.spells.map((s) => text("div", `Spell ${s.name}: ${s.damage} ${s.damage_type}`, "weapon")));
  $("resources").textContent = [me.max_mana ? `Mana ${me.mana}/${me.max_mana}` : "",
    me.max_focus ? `Focus ${me.focus}/${me.max_focus}` : ""].filter(Boolean).join(" · ");
  $("log").replaceChildren(...view.log.slice().reverse().map((line) => text("li", `R${line.round} ${line.text}`)));
  if (view.declaration.movement !== null && !chosenTile) {
    $("moveWords").textContent = `Declared move: ${view.declaration.movement} tiles.`;
  }
  draw();
}

function text(tag, words, cls) {
  const node = document.createElement(tag);
  node.textContent = words;
  if (cls) node.className = cls;
  return node;
}

function signed(n) { return `${n >= 0 ? "+" : ""}${n}`; }

function options(select, names, keep, blank) {
  const had = keep ?? select.value;
  select.replaceChildren(text("option", blank), ...names.map((n) => {
    const option = text("option", typeof n === "string" ? n : n.label);
    option.value = typeof n === "string" ? n : n.value;
    return option;
  }));
  select.firstChild.value = "";
  if ([...select.options].some((o) => o.value === had)) select.value = had;
}

function fillChoices(disabled) {
  const catalogue = view.catalogue;
  const declared = view.declaration;
  const first = !fillChoices.done;
  const halves = catalogue.half.map((a) => a.name);
  const fulls = catalogue.full.map((a) => a.name);
  const isFull = declared.actions.length === 1 && fulls.includes(declared.actions[0]);
  options($("half1"), halves, first ? (isFull ? "" : declared.actions[0] || "") : null, "—");
  options($("half2"), halves, first ? (isFull ? "" : declared.actions[1] || "") : null, "—");
  options($("full"), fulls, first ? (isFull ? declared.actions[0] : "") : null, "—");
  options($("reaction"), catalogue.reaction.map((a) => a.name), first ? declared.reaction || "" : null, "none");
  const free = $("free");
  if (first) {
    free.replaceChildren(text("legend", "Free actions"), ...catalogue.free.map((a) => {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = a.name;
      box.checked = declared.free_actions.includes(a.name);
      label.append(box, a.name);
      return label;
    }));
  }
  const foes = view.map.creatures.filter((c) => !c.you && !c.ally).map((c) => ({ value: c.id, label: c.name }));
  options($("target"), foes, null, "no attack");
  options($("weapon"), view.character.weapons.map((w) => w.name), null, "weapon");
  for (const id of ["half1", "half2", "full", "reaction", "target", "weapon", "declareButton"]) $(id).disabled = disabled;
  free.querySelectorAll("input").forEach((box) => { box.disabled = disabled; });
  fillChoices.done = true;
}

function chosenActions() {
  if ($("full").value) return [$("full").value];
  return [$("half1").value, $("half2").value].filter(Boolean);
}

for (const id of ["half1", "half2"]) $(id).addEventListener("change", () => { if ($(id).value) $("full").value = ""; repriceMove(); });
$("full").addEventListener("change", () => { if ($("full").value) { $("half1").value = ""; $("half2").value = ""; } repriceMove(); });

function repriceMove() {
  if (chosenTile) send({ kind: "preview_move", goal: chosenTile, actions: chosenActions() });
}

function askAttack() {
  $("attackChance").textContent = "";
  if ($("target").value) send({ kind: "preview_attack", target: $("target").value, weapon: $("weapon").value || null });
}
$("target").addEventListener("change", askAttack);
$("weapon").addEventListener("change", askAttack);

function showAttack(p) {
  const box = $("attackChance");
  if (p.blocked) { box.textContent = p.blocked; box.className = "note bad"; return; }
  box.className = "note";
  box.textContent = `${p.weapon} at ${p.target_name}: ${percent(p.hit)} to hit, ${percent(p.critical)} to crit (${p.expression}; ${p.damage} ${p.damage_type})`;
}

function percent(p) { return `${(100 * p).toFixed(1).replace(/\.0$/, "")}%`; }

$("declareButton").addEventListener("click", () => {
  const free = [...$("free").querySelectorAll("input:checked")].map((box) => box.value);
  send({ kind: "declare", move_to: chosenTile, reaction: $("reaction").value || null,
    actions: chosenActions(), free_actions: free, target: $("target").value || null,
    weapon: $("target").value ? $("weapon").value || null : null, notes: "" });
});

// ---------------------------------------------------------------------- defense
function showDice(d) {
  dice = d;
  $("defenseDice").textContent = d.expression
    ? `Your roll: ${d.expression} (${d.dice.join(", ")})` : "No bonus or malus to roll: Roll gives 0.";
  if (wantFaces) showFaces();
}

$("rollButton").addEventListener("click", () => send({ kind: "roll_defense", faces: null }));
let wantFaces = false;
$("rolledButton").addEventListener("click", () => {
  wantFaces = true;
  send({ kind: "defense_dice" }); // the faces asked for are those of the dice as they are now
});

function showFaces() {
  wantFaces = false;
  $("faces").replaceChildren(...dice.dice.map((name, i) => {
    const label = text("label", name);
    const input = document.createElement("input");
    input.type = "number"; input.min = 1; input.max = dice.sizes[i]; input.inputMode = "numeric";
    input.id = `face${i}`;
    label.append(input);
    return label;
  }));
  $("facesBox").hidden = false;
}
$("sendFaces").addEventListener("click", () => {
  const faces = [...$("faces").querySelectorAll("input")].map((input) => Number.parseInt(input.value, 10));
  if (faces.some((f) => !Number.isInteger(f))) { notice("Enter the face of every die.", false); return; }
  send({ kind: "roll_defense", faces });
});

// ---------------------------------------------------------------------- the map
const canvas = $("map");
const context = canvas.getContext("2d");

function tileSize() { return 34 * zoom; }

function draw() {
  if (!view) return;
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth, height = canvas.clientHeight;
  if (canvas.width !== Math.round(width * ratio)) { canvas.width = Math.round(width * ratio); canvas.height = Math.round(height * ratio); }
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  const size = tileSize();
  const map = view.map;
  // The character's tile in the middle of the canvas, moved by the player's pan.
  const [cx, cy] = map.centre;
  const o = { x: width / 2 - cx * size + pan.x, y: height / 2 - cy * size + pan.y };
  context.fillStyle = "#000";
  context.fillRect(0, 0, width, height);
  for (let y = 0; y < map.height; y++) {
    const row = map.terrain[y], light = map.light[y];
    for (let x = 0; x < map.width; x++) {
      const px = o.x + x * size, py = o.y + y * size;
      if (px > width || py > height || px + size < 0 || py + size < 0) continue;
      const code = row[x];
      // Fog: unseen ground, lighter than the black beyond the map's edge.
      if (code === "?") { context.fillStyle = "#2a2d34"; context.fillRect(px, py, size, size); continue; }
      context.fillStyle = TERRAIN[map.terrain_kinds[Number(code)]] || "#666";
      context.fillRect(px, py, size, size);
      const shade = LIGHT_SHADE[Number(light[x])] || 0;
      if (shade) { context.fillStyle = `rgba(0,0,20,${shade})`; context.fillRect(px, py, size, size); }
      context.strokeStyle = "rgba(0,0,0,0.35)";
      context.strokeRect(px + 0.5, py + 0.5, size - 1, size - 1);
    }
  }
  for (const [x, y, level] of map.cover) {
    context.fillStyle = "rgba(230,230,230,0.5)";
    context.font = `${Math.round(size * 0.3)}px sans-serif`;
    context.fillText(level[0].toUpperCase(), o.x + x * size + 2, o.y + y * size + size * 0.35);
  }
  for (const [x1, y1, x2, y2, kind] of map.walls) {
    context.strokeStyle = kind === "wall" ? "#f2f2f2" : kind === "door" ? "#d9a44a" : "#7fd37f";
    context.lineWidth = Math.max(2, size * 0.12);
    context.beginPath();
    context.moveTo(o.x + x1 * size, o.y + y1 * size);
    context.lineTo(o.x + x2 * size, o.y + y2 * size);
    context.stroke();
  }
  if (preview && preview.path.length) {
    context.strokeStyle = preview.allowed ? "#ffffff" : "#ff6b6b";
    context.lineWidth = Math.max(3, size * 0.14);
    context.beginPath();
    preview.path.forEach(([x, y], i) => {
      const px = o.x + (x + 0.5) * size, py = o.y + (y + 0.5) * size;
      if (i === 0) context.moveTo(px, py); else context.lineTo(px, py);
    });
    context.stroke();
  }
  if (preview) {
    const [gx, gy] = preview.goal;
    context.strokeStyle = preview.allowed ? "#5fd38d" : "#ff6b6b";
    context.lineWidth = 3;
    context.strokeRect(o.x + gx * size + 2, o.y + gy * size + 2, size - 4, size - 4);
  }
  for (const c of map.creatures) {
    const side = c.footprint * size;
    const px = o.x + c.position[0] * size, py = o.y + c.position[1] * size;
    context.beginPath();
    context.arc(px + side / 2, py + side / 2, side * 0.42, 0, Math.PI * 2);
    context.fillStyle = c.condition === "down" ? "#777" : SIDE[c.side] || "#8e44ad";
    context.fill();
    context.lineWidth = c.you ? 4 : c.condition === "bloodied" ? 4 : 2;
    context.strokeStyle = c.you ? "#ffe066" : c.condition === "bloodied" ? "#e00000" : c.condition === "wounded" ? "#ffb000" : "#111";
    context.stroke();
    context.fillStyle = "#fff";
    context.font = `bold ${Math.round(side * 0.3)}px sans-serif`;
    context.textAlign = "center"; context.textBaseline = "middle";
    context.fillText(c.tag, px + side / 2, py + side / 2);
    context.textAlign = "start"; context.textBaseline = "alphabetic";
  }
  canvas.dataset.drawn = String((Number(canvas.dataset.drawn) || 0) + 1);
}

function showMove(p) {
  preview = p;
  chosenTile = p.allowed ? p.goal : null;
  $("moveWords").textContent = p.allowed ? `Move to (${p.goal[0]}, ${p.goal[1]}): ${p.words}` : p.words;
  $("moveWords").className = p.allowed ? "" : "bad";
  draw();
}

// Touch: one finger taps a tile or pans; two fingers pinch to zoom.
let touchStart = null;
let pinchStart = null;
canvas.addEventListener("pointerdown", (event) => {
  canvas.setPointerCapture(event.pointerId);
  pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (pointers.size === 1) touchStart = { x: event.clientX, y: event.clientY, pan: { ...pan }, moved: false };
  if (pointers.size === 2) { pinchStart = { distance: spread(), zoom }; touchStart = null; }
});
const pointers = new Map();
function spread() {
  const [a, b] = [...pointers.values()];
  return Math.hypot(a.x - b.x, a.y - b.y) || 1;
}
canvas.addEventListener("pointermove", (event) => {
  if (!pointers.has(event.pointerId)) return;
  pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (pinchStart && pointers.size === 2) {
    zoom = Math.min(4, Math.max(0.4, (pinchStart.zoom * spread()) / pinchStart.distance));
    draw();
  } else if (touchStart) {
    const dx = event.clientX - touchStart.x, dy = event.clientY - touchStart.y;
    if (Math.hypot(dx, dy) > 8) touchStart.moved = true;
    if (touchStart.moved) { pan = { x: touchStart.pan.x + dx, y: touchStart.pan.y + dy }; draw(); }
  }
});
function lift(event) {
  pointers.delete(event.pointerId);
  if (pointers.size < 2) pinchStart = null;
  if (touchStart && !touchStart.moved && event.type === "pointerup") tap(event);
  touchStart = null;
}
canvas.addEventListener("pointerup", lift);
canvas.addEventListener("pointercancel", lift);
canvas.addEventListener("wheel", (event) => {
  event.preventDefault();
  zoom = Math.min(4, Math.max(0.4, zoom * (event.deltaY < 0 ? 1.15 : 1 / 1.15)));
  draw();
}, { passive: false });

function tap(event) {
  if (!view) return;
  const rect = canvas.getBoundingClientRect();
  const size = tileSize();
  const [cx, cy] = view.map.centre;
  const x = Math.floor((event.clientX - rect.left - (rect.width / 2 - cx * size + pan.x)) / size);
  const y = Math.floor((event.clientY - rect.top - (rect.height / 2 - cy * size + pan.y)) / size);
  if (x < 0 || y < 0 || x >= view.map.width || y >= view.map.height) return;
  send({ kind: "preview_move", goal: [x, y], actions: chosenActions() });
}

window.addEventListener("resize", draw);
connect();
