"use strict";
/* The review of a built book: every puzzle as a contact sheet (thumbnails drawn by the book's code,
   loaded lazily and cached per build), filtered, sorted and walked with the keyboard; and the
   difficulty charts of the book and each section. */

const root = document.getElementById("review-root");
const NAME = root.dataset.name;
const $ = id => document.getElementById(id);
const view = { data: null, shown: [], focus: 0, order: 1 };
const SORTS = { number: "num", section: "text", page: "num", level_rank: "num", rating: "num", hardest_rank: "num",
  givens_ratio: "num", steps: "num" };

function percent(value) { return value === null || value === undefined ? "" : `${Math.round(value * 100)}%`; }

function card(row) {
  const old = view.data.replaced[String(row.number)];
  const facts = [view.data.levels[row.level] || row.level];
  if (row.rating !== null) facts.push(`rating ${row.rating}`);
  return el("a", {
    class: "sheet-card" + (old ? " replaced" : ""), href: `/books/${NAME}/review/${row.number}`, role: "gridcell",
    "data-number": row.number, "data-level": row.level, tabindex: "-1",
  },
    el("div", { class: "sheet-thumb" },
      el("img", { src: `/books/${NAME}/puzzles/${row.number}.svg?w=160&v=${view.data.stamp}`, loading: "lazy",
        alt: `puzzle ${row.number}`, width: 160, height: 160 })),
    el("div", { class: "sheet-facts" },
      el("b", {}, `No. ${row.number}`), " ", el("span", { class: "muted" }, `p. ${row.page}`),
      old ? el("span", { class: "tag" }, "replaced") : null,
      el("div", { class: "small" }, row.section),
      el("div", { class: "small" }, facts.join(" \u00b7 ")),
      el("div", { class: "small muted" }, row.hardest_name || ""),
      el("div", { class: "small muted" },
        `${row.givens_ratio === null ? "" : `givens ${percent(row.givens_ratio)} \u00b7 `}${row.steps ?? "?"} steps`)));
}

function render() {
  const data = view.data;
  const section = $("f-section").value, level = $("f-level").value, technique = $("f-technique").value;
  const key = $("sort").value;
  const numeric = SORTS[key] === "num";
  view.shown = data.rows.filter(row => (!section || row.section === section) && (!level || row.level === level) &&
    (!technique || row.hardest_name === technique));
  view.shown.sort((a, b) => {
    const x = a[key], y = b[key];
    const d = numeric ? (x ?? -1) - (y ?? -1) : String(x).localeCompare(String(y));
    return (d || a.number - b.number) * view.order;
  });
  $("sheet").replaceChildren(...view.shown.map(card));
  $("shown").textContent = `${view.shown.length} of ${data.rows.length} puzzles`;
  view.focus = Math.min(view.focus, Math.max(0, view.shown.length - 1));
}

function options(select, values) {
  const keep = select.value;
  select.replaceChildren(select.options[0], ...values.map(([value, label]) => el("option", { value }, label)));
  if ([...select.options].some(o => o.value === keep)) select.value = keep;
}

function charts() {
  const scope = $("chart-scope").value;
  const set = scope === "" ? view.data.charts.book : (view.data.charts.sections.find(s => s.name === scope) || {}).charts || [];
  const box = $("charts");
  box.innerHTML = set.join("");  /* SVG made by the server from the book's numbers */
}

async function load() {
  try {
    view.data = await api("GET", `/api/review/${NAME}`);
  } catch (e) {
    $("review-state").textContent = "Not built";
    $("review-message").hidden = false;
    $("review-message").textContent = e.message;
    return;
  }
  const data = view.data;
  $("review-message").hidden = true;
  $("review-title").textContent = `Review: ${data.rows.length} puzzles`;
  options($("f-section"), data.sections.map(s => [s, s]));
  options($("f-level"), Object.entries(data.levels).filter(([level]) => data.rows.some(r => r.level === level)));
  const techniques = [...new Map(data.rows.filter(r => r.hardest_name).map(r => [r.hardest_name, r.hardest_rank]))]
    .sort((a, b) => a[1] - b[1]).map(([name]) => [name, name]);
  options($("f-technique"), techniques);
  options($("chart-scope"), data.sections.map(s => [s, s]));
  render();
  charts();
  state(data.building);
}

function state(building) {
  const pill = $("review-state");
  pill.textContent = building ? "Rebuilding\u2026" : "Built";
  pill.className = "pill" + (building ? " warn" : " good");
  if (building) follow();
}

function follow() {
  afterBuild(NAME, async run => {
    if (run.state === "failed") { $("review-message").hidden = false; $("review-message").textContent = run.message; }
    await load();
  });
}

function move(delta) {
  if (!view.shown.length) return;
  view.focus = Math.max(0, Math.min(view.shown.length - 1, view.focus + delta));
  const cards = $("sheet").children;
  cards[view.focus].focus();
  cards[view.focus].scrollIntoView({ block: "nearest" });
}

function perRow() {
  const cards = $("sheet").children;
  if (cards.length < 2) return 1;
  const top = cards[0].offsetTop;
  let n = 0;
  while (n < cards.length && cards[n].offsetTop === top) n++;
  return Math.max(1, n);
}

$("sheet").addEventListener("keydown", event => {
  const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: perRow(), ArrowUp: -perRow(), Home: -1e9, End: 1e9 };
  if (event.key in moves) { event.preventDefault(); move(moves[event.key]); }
});
$("sheet").addEventListener("focusin", event => {
  const cardNode = event.target.closest(".sheet-card");
  if (cardNode) view.focus = [...$("sheet").children].indexOf(cardNode);
});
document.addEventListener("keydown", event => {
  if (event.target === document.body && event.key.startsWith("Arrow") && view.shown.length) {
    event.preventDefault();
    move(0);
  }
});
for (const id of ["f-section", "f-level", "f-technique", "sort"]) $(id).addEventListener("change", () => { view.focus = 0; render(); });
$("sort-order").addEventListener("click", () => {
  view.order = -view.order;
  $("sort-order").innerHTML = view.order === 1 ? "&#8593;" : "&#8595;";
  render();
});
$("chart-scope").addEventListener("change", charts);
document.querySelectorAll(".tabs button").forEach(button => button.addEventListener("click", () => {
  document.querySelectorAll(".tabs button").forEach(b => b.classList.toggle("on", b === button));
  $("tab-sheet").hidden = button.dataset.tab !== "sheet";
  $("tab-charts").hidden = button.dataset.tab !== "charts";
}));
load();
