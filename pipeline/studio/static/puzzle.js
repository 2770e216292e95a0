"use strict";
/* One puzzle of a built book: large, with its solution, its solution explained step by step (each
   step's cell and the candidates it rules out marked on the board), the answer page's drawing of it,
   and Replace / Undo, which edit the section's reroll list and rebuild the book. */

const root = document.getElementById("puzzle-root");
const NAME = root.dataset.name;
const NUMBER = Number(root.dataset.number);
const $ = id => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
const view = { data: null, review: null, step: -1, centres: new Map() };

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function drawMarks() {
  const data = view.data;
  const layer = $("marks");
  const [w, h] = data.size;
  layer.setAttribute("viewBox", `0 0 ${w} ${h}`);
  layer.setAttribute("width", w);
  layer.setAttribute("height", h);
  const nodes = [];
  const cell = data.cell;
  const solution = $("show-solution").checked;
  if (!solution) {
    for (let i = 0; i <= view.step; i++) {
      for (const [r, c, text] of data.steps[i].place) {
        const at = view.centres.get(`${r},${c}`);
        if (!at) continue;
        const current = i === view.step;
        if (current) nodes.push(svg("circle", { class: "mark-current", cx: at[0], cy: at[1], r: cell * 0.46 }));
        nodes.push(svg("text", { class: "mark-place" + (current ? " now" : ""), x: at[0], y: at[1] + cell * 0.17,
          "font-size": cell * 0.46, "text-anchor": "middle" }, text));
      }
    }
  }
  if (view.step >= 0) {
    const step = data.steps[view.step];
    for (const [r, c] of step.cells) {
      const at = view.centres.get(`${r},${c}`);
      if (at) nodes.push(svg("circle", { class: "mark-pattern", cx: at[0], cy: at[1], r: cell * 0.44 }));
    }
    const byCell = new Map();
    for (const [r, c, text] of step.remove) {
      const key = `${r},${c}`;
      if (!byCell.has(key)) byCell.set(key, []);
      byCell.get(key).push(text);
    }
    for (const [key, texts] of byCell) {
      const at = view.centres.get(key);
      if (!at) continue;
      nodes.push(svg("rect", { class: "mark-cell", x: at[0] - cell * 0.47, y: at[1] - cell * 0.47, width: cell * 0.94, height: cell * 0.94, rx: 3 }));
      const shown = texts.length > 4 ? texts.slice(0, 3).concat([`+${texts.length - 3}`]) : texts;
      shown.forEach((text, i) => {  /* one candidate in the middle, up to four in a square */
        const alone = shown.length === 1;
        const x = at[0] + (alone ? 0 : (i % 2 ? 0.22 : -0.22)) * cell;
        const y = at[1] + (alone ? 0.12 : (i < 2 ? -0.12 : 0.3)) * cell;
        nodes.push(svg("text", { class: "mark-remove", x, y, "font-size": cell * (alone ? 0.34 : 0.24), "text-anchor": "middle" }, text));
      });
    }
  }
  layer.replaceChildren(...nodes);
}

function showStep(index) {
  const steps = view.data.steps;
  view.step = Math.max(-1, Math.min(steps.length - 1, index));
  $("step-count").textContent = steps.length ? `step ${view.step + 1} of ${steps.length}` : "";
  const step = steps[view.step];
  $("step-text").textContent = step ? (view.data.self_named ? step.text : `${step.name}: ${step.text}`)
    : (steps.length ? "The puzzle as printed. Step through its solution with \u2192." : "This kind has no step-by-step explanation.");
  [...$("steps").children].forEach((li, i) => li.classList.toggle("on", i === view.step));
  const on = $("steps").children[view.step];
  if (on) on.scrollIntoView({ block: "nearest" });
  $("step-back").disabled = view.step < 0;
  $("step-on").disabled = view.step >= steps.length - 1;
  drawMarks();
}

function showBoard() {
  $("board-svg").innerHTML = $("show-solution").checked ? view.data.solution : view.data.board;  /* drawn by the server */
  drawMarks();
}

async function load() {
  try {
    [view.data, view.review] = await Promise.all([api("GET", `/api/review/${NAME}/puzzles/${NUMBER}`), api("GET", `/api/review/${NAME}`)]);
  } catch (e) {
    $("puzzle-state").textContent = "Not built";
    $("puzzle-message").hidden = false;
    $("puzzle-message").textContent = e.message;
    return;
  }
  const data = view.data, row = data.row;
  view.centres = new Map(data.centres.map(([r, c, x, y]) => [`${r},${c}`, [x, y]]));
  $("puzzle-title").textContent = `Puzzle ${row.number}`;
  $("crumb").textContent = `Puzzle ${row.number}`;
  const level = view.review.levels[row.level] || row.level;
  $("facts").textContent = [row.section, level, row.rating !== null ? `rating ${row.rating}` : null, row.hardest_name]
    .filter(Boolean).join(" \u00b7 ");
  const givens = row.givens === null ? "" : `${row.givens} givens (${Math.round((row.givens_ratio || 0) * 100)}%) \u00b7 `;
  $("facts-2").textContent = `page ${row.page}, answer on page ${row.answer_page} \u00b7 ${givens}` +
    `${row.steps ?? "?"} steps \u00b7 puzzle ${row.index} of its section`;
  for (const [id, target] of [["previous", data.previous], ["next", data.next]]) {
    const link = $(id);
    if (target) link.setAttribute("href", `/books/${NAME}/review/${target}`); else link.removeAttribute("href");
    link.classList.toggle("disabled", !target);
  }
  $("steps").replaceChildren(...data.steps.map((step, i) => el("li", { onclick: () => showStep(i), title: step.text },
    data.self_named ? null : [el("b", {}, step.name), " "], step.text)));
  $("answer").src = `/books/${NAME}/answers/${NUMBER}.png?v=${view.review.stamp}`;
  $("answer-page").textContent = `page ${data.answer_page}`;
  const rerolls = view.review.rerolls[row.section] || [];
  $("undo").hidden = !rerolls.includes(row.index);
  const old = view.review.replaced[String(NUMBER)];
  $("beside").hidden = !old || view.review.building;
  if (old) {
    $("old-svg").innerHTML = old.svg;
    $("new-img").src = `/books/${NAME}/puzzles/${NUMBER}.svg?w=160&v=${view.review.stamp}`;
  }
  $("steps").scrollTop = 0;
  showBoard();
  showStep(-1);
  state(view.review.building);
}

function state(building) {
  const pill = $("puzzle-state");
  pill.textContent = building ? "Rebuilding\u2026" : "Built";
  pill.className = "pill" + (building ? " warn" : " good");
  $("replace").disabled = false;
  if (building) follow();
}

function follow() {
  afterBuild(NAME, async run => {
    if (run.state === "failed") { $("puzzle-message").hidden = false; $("puzzle-message").textContent = run.message; }
    await load();
  });
}

async function reroll(change) {
  $("replace").disabled = true;
  try {
    await api("POST", `/api/review/${NAME}/${change}`, { number: NUMBER });
    $("puzzle-message").hidden = true;
    state(true);
  } catch (e) {
    $("puzzle-message").hidden = false;
    $("puzzle-message").textContent = e.message;
    $("replace").disabled = false;
  }
}

$("replace").addEventListener("click", () => reroll("replace"));
$("undo").addEventListener("click", () => reroll("undo"));
$("step-on").addEventListener("click", () => showStep(view.step + 1));
$("step-back").addEventListener("click", () => showStep(view.step - 1));
$("show-solution").addEventListener("change", showBoard);
document.addEventListener("keydown", event => {
  if (event.target.closest && event.target.closest("input, select, textarea")) return;
  if (!view.data) return;
  if (event.key === "ArrowRight") { event.preventDefault(); showStep(view.step + 1); }
  else if (event.key === "ArrowLeft") { event.preventDefault(); showStep(view.step - 1); }
  else if (event.key === "PageDown" && view.data.next) location.href = `/books/${NAME}/review/${view.data.next}`;
  else if (event.key === "PageUp" && view.data.previous) location.href = `/books/${NAME}/review/${view.data.previous}`;
});
load();
