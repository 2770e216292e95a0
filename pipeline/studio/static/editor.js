"use strict";
/* The editor page: one book's YAML and its form, its mistakes as you type, previews of each section,
   and its build. The YAML text is the one truth: the form edits it through the server (comments and
   layout kept), and every check, preview and save reads it. */

const root = document.getElementById("editor-root");
const NAME = root.dataset.name;
const $ = id => document.getElementById(id);
const yaml = $("yaml");
const gutter = $("gutter");

/* `checked`: the last text the server found no mistakes in. Previews draw it, never text typed since
   and not yet checked (a preview of that would show its mistakes instead of the last good version). */
const state = { text: "", saved: "", checked: null, settings: null, problems: [], schema: null, extras: {}, section: 0,
  checking: 0, previewing: 0, formBusy: false };

/* ------------------------------------------------------------------ text, mistakes, form */

function dirty() { return state.text !== state.saved; }

function showState(text, kind) {
  const pill = $("state");
  pill.textContent = text;
  pill.className = "pill" + (kind ? " " + kind : "");
}

function refreshState() {
  if (dirty()) showState(state.problems.length ? "Unsaved, with mistakes" : "Unsaved changes", "warn");
  else showState("Saved", "good");
  const count = $("problem-count");
  count.hidden = !state.problems.length;
  count.textContent = `${state.problems.length} mistake${state.problems.length === 1 ? "" : "s"}`;
  count.className = "pill bad";
}

function renderGutter() {
  const lines = state.text.split("\n").length;
  const bad = new Set(state.problems.map(p => p.line).filter(Boolean));
  const rows = [];
  for (let n = 1; n <= lines; n++) rows.push(el("div", { class: bad.has(n) ? "bad" : null, title: bad.has(n) ? "a mistake on this line" : null }, n));
  gutter.replaceChildren(...rows);
  gutter.scrollTop = yaml.scrollTop;
}

function goToLine(line) {
  switchTab("yaml");
  const lines = state.text.split("\n");
  const start = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0);
  yaml.focus();
  yaml.setSelectionRange(start, start + (lines[line - 1] || "").length);
  yaml.scrollTop = Math.max(0, (line - 5) * 20);
}

function renderProblems() {
  for (const list of [$("problems"), $("form-problems")]) {
    list.replaceChildren(...state.problems.map(p => el("li", {
      title: "show it in the YAML", onclick: () => p.line && goToLine(p.line), "data-line": p.line,
    }, p.text)));
  }
  BookForm.mark($("tab-form"), state.problems);
  renderGutter();
  refreshState();
}

function setText(text) {
  state.text = text;
  if (yaml.value !== text) yaml.value = text;
  renderGutter();
  refreshState();
}

async function check() {
  const ticket = ++state.checking;
  const text = state.text;
  const result = await api("POST", "/api/check", { name: NAME, text });
  if (ticket !== state.checking) return;
  state.problems = result.problems;
  if (!state.problems.length) state.checked = text;
  state.settings = result.settings;
  const title = state.settings && typeof state.settings.title === "string" ? state.settings.title : NAME;
  $("book-title").textContent = title;
  document.title = `${title} · puzzlebook studio`;
  if (!document.activeElement || !$("tab-form").contains(document.activeElement) || state.formBusy) renderForm();
  renderProblems();
  renderSectionPicker();
  schedulePreviews();
}
const checkSoon = debounce(check, 300);

function renderForm() {
  BookForm.render($("tab-form"), state.schema, state.settings, change, { extras: state.extras, moveSection });
  BookForm.mark($("tab-form"), state.problems);
}

/* A form change: the server edits the YAML text (comments kept), then the text is checked again.
   `more` holds further [path, value] changes made together (a level mode sets several settings). */
async function change(path, value, opOrMore) {
  const op = typeof opOrMore === "string" ? opOrMore : "set";
  const more = Array.isArray(opOrMore) ? opOrMore : [];
  state.formBusy = true;
  try {
    let text = state.text;
    for (const [p, v, o] of [[path, value, op], ...more.map(([p, v]) => [p, v, "set"])]) {
      text = (await api("POST", "/api/edit", { text, path: p, value: v, op: o })).text;
    }
    setText(text);
    await check();
  } catch (e) {
    showState(e.message, "bad");
  } finally {
    state.formBusy = false;
  }
}

async function moveSection(index, by) {
  const sections = state.settings.sections;
  const other = index + by;
  if (other < 0 || other >= sections.length) return;
  await change(["sections", index], sections[other], [[["sections", other], sections[index]]]);
}

yaml.addEventListener("input", () => { setText(yaml.value); checkSoon(); });
yaml.addEventListener("scroll", () => { gutter.scrollTop = yaml.scrollTop; });
yaml.addEventListener("keydown", event => {
  if (event.key === "Tab") {  // two spaces, as YAML wants (a tab is an error there)
    event.preventDefault();
    const { selectionStart: a, selectionEnd: b } = yaml;
    yaml.setRangeText("  ", a, b, "end");
    setText(yaml.value);
    checkSoon();
  }
});

/* ------------------------------------------------------------------ saving */

async function save(asDraft) {
  try {
    const result = await api("PUT", `/api/books/${NAME}`, { text: state.text, draft: !!asDraft });
    if (result.saved) {
      state.saved = state.text;
      $("save-draft").hidden = true;
      $("draft-banner").hidden = true;
      refreshState();
    } else if (result.draft) {
      showState("Draft kept: the last valid file is unchanged", "warn");
      $("save-draft").hidden = true;
    }
    return result.saved;
  } catch (e) {
    if (e.status === 422) {
      state.problems = e.data.problems;
      renderProblems();
      showState("Not saved: fix the mistakes, or keep a draft", "bad");
      $("save-draft").hidden = false;
      return false;
    }
    showState(e.message, "bad");
    return false;
  }
}

$("save").addEventListener("click", () => save(false));
$("save-draft").addEventListener("click", () => save(true));
document.addEventListener("keydown", event => {
  if ((event.ctrlKey || event.metaKey) && event.key === "s") { event.preventDefault(); save(false); }
});
window.addEventListener("beforeunload", event => { if (dirty()) { event.preventDefault(); event.returnValue = ""; } });

/* ------------------------------------------------------------------ tabs */

function switchTab(name) {
  const pane = $("tab-" + name);
  const tabs = pane.parentElement.querySelector(".tabs");
  for (const button of tabs.querySelectorAll("button")) {
    const on = button.dataset.tab === name;
    button.classList.toggle("on", on);
    $("tab-" + button.dataset.tab).hidden = !on;
  }
  if (name === "yaml") renderGutter();
}
document.querySelectorAll(".tabs button").forEach(b => b.addEventListener("click", () => switchTab(b.dataset.tab)));

/* ------------------------------------------------------------------ previews */

function renderSectionPicker() {
  const pick = $("section-pick");
  const sections = (state.settings && Array.isArray(state.settings.sections)) ? state.settings.sections : [];
  const names = sections.map((s, i) => `${i + 1}. ${(s && s.name) || "(no name)"}`);
  if ([...pick.options].map(o => o.textContent).join("|") !== names.join("|")) {
    pick.replaceChildren(...names.map((n, i) => el("option", { value: i, selected: i === state.section }, n)));
  }
  if (state.section >= sections.length) state.section = 0;
}
$("section-pick").addEventListener("change", () => { state.section = parseInt($("section-pick").value, 10); previews(); });

function loading(target, text) { target.replaceChildren(el("div", { class: "loading" }, text)); }

async function previews() {
  const ticket = ++state.previewing;
  const note = $("preview-note");
  if (state.problems.length) {
    note.textContent = "Fix the mistakes to see the previews again (they show the last version without mistakes).";
    return;
  }
  note.textContent = "";
  if (state.checked === null) return;
  const body = { name: NAME, text: state.checked, section: state.section };
  const stale = () => ticket !== state.previewing;
  loading($("boards"), "drawing the boards");
  loading($("samples"), "making the first puzzles");
  loading($("page"), "laying out the first page");
  const shapes = api("POST", "/api/preview/shapes", body).then(result => {
    if (stale()) return;
    $("boards").replaceChildren(...result.shapes.map(s => el("div", { class: "tile board" },
      el("img", { src: s.image, alt: `board ${s.label}` }),
      el("div", { class: "cap" }, s.label, s.cells ? ` · ${s.cells} cells` : ""))));
  });
  const samples = api("POST", "/api/preview/samples", body).then(result => {
    if (stale()) return;
    $("samples").replaceChildren(...result.samples.map(s => el("div", { class: "tile sample", "data-level": s.level },
      el("img", { src: s.image, alt: `puzzle ${s.index}` }),
      el("div", { class: "cap" }, `Puzzle ${s.index} of the section`),
      el("div", { class: "grade" },
        el("div", {}, el("b", {}, "level "), s.level, s.rating !== null && s.rating !== undefined ? ` · rating ${s.rating}` : ""),
        s.hardest ? el("div", {}, el("b", {}, "hardest "), String(s.hardest).replace(/_/g, " ")) : null,
        s.givens !== null && s.givens !== undefined ? el("div", {}, el("b", {}, "givens "), `${s.givens}${s.cells ? " of " + s.cells : ""}`,
          s.givens_ratio ? ` (${Math.round(s.givens_ratio * 100)}%)` : "") : null,
        s.steps ? el("div", {}, el("b", {}, "steps "), s.steps) : null))));
  });
  const page = api("POST", "/api/preview/page", body).then(result => {
    if (stale()) return;
    $("page").replaceChildren(el("img", { class: "pagepic", src: result.image, alt: "the section's first page" }));
  });
  for (const [promise, target] of [[shapes, "boards"], [samples, "samples"], [page, "page"]]) {
    promise.catch(e => { if (!stale()) $(target).replaceChildren(el("div", { class: "problem-text" }, e.message)); });
  }
}
const schedulePreviews = debounce(previews, 700);

/* ------------------------------------------------------------------ build */

let events = null;
const rows = {};

function progressRow(section) {
  const inner = el("div", { class: "bar-inner" });
  const facts = el("span", { class: "facts muted" });
  const line = el("div", { class: "line", "data-section": section.name }, el("span", {}, section.name), el("div", { class: "bar-outer" }, inner), facts);
  rows[section.name] = { inner, facts, total: section.total, reused: section.reused };
  return line;
}

function showProgress(record) {
  if (record.event === "plan") {
    $("progress").replaceChildren(...record.sections.map(progressRow));
    for (const s of record.sections) showMade({ section: s.name, made: s.reused, total: s.total, reused: s.reused, rate: 0, left: null });
    $("build-state").textContent = `${record.puzzles} puzzles`;
  } else if (record.event === "made") {
    showMade(record);
  } else if (record.event === "stage") {
    $("build-state").textContent = { typeset: "typesetting the book", cover: "drawing the cover" }[record.stage] || record.stage;
  } else if (["done", "failed", "cancelled"].includes(record.event)) {
    finishBuild(record);
  }
}

function showMade(record) {
  const row = rows[record.section];
  if (!row) return;
  row.inner.style.width = `${Math.round(100 * record.made / record.total)}%`;
  row.inner.classList.toggle("reused", record.made === record.reused);
  const rate = record.rate ? ` · ${record.rate.toFixed(1)}/s` : "";
  const left = record.left ? ` · ${Math.ceil(record.left)} s left` : "";
  row.facts.textContent = `${record.made} of ${record.total} (${record.reused} reused)${rate}${left}`;
}

function listen() {
  if (events) events.close();
  $("build").disabled = true;
  $("cancel").hidden = false;
  $("build-message").textContent = "";
  events = new EventSource(`/api/builds/${NAME}/events`);
  events.onmessage = message => showProgress(JSON.parse(message.data));
  events.onerror = () => { events.close(); events = null; };
}

function finishBuild(record) {
  if (events) { events.close(); events = null; }
  $("build").disabled = false;
  $("cancel").hidden = true;
  if (record.event === "done") {
    $("build-state").textContent = "built";
    $("build-message").textContent = "";
    showOutput();
  } else {
    $("build-state").textContent = record.event === "cancelled" ? "cancelled" : "failed";
    $("build-message").textContent = record.message;
  }
}

$("build").addEventListener("click", async () => {
  if (dirty() && !(await save(false))) {
    $("build-message").textContent = "Save the book first (it has mistakes): the build reads the saved file.";
    return;
  }
  try {
    await api("POST", `/api/builds/${NAME}`);
    listen();
  } catch (e) {
    $("build-message").textContent = e.message;
  }
});
$("cancel").addEventListener("click", async () => {
  try { await api("DELETE", `/api/builds/${NAME}`); $("build-state").textContent = "stopping"; }
  catch (e) { $("build-message").textContent = e.message; }
});

async function showOutput() {
  const out = await api("GET", `/api/books/${NAME}/output`);
  const target = $("built");
  if (!out.pages) { target.replaceChildren(el("p", { class: "muted" }, "Not built yet: the pages and the cover appear here after a build.")); return; }
  const v = out.stamp;
  const downloads = el("div", { class: "downloads row" }, el("b", {}, "Download"),
    out.files.map(f => el("a", { class: "button", href: `/books/${NAME}/files/${f}`, download: "", "data-file": f }, f)),
    el("span", { class: "spacer" }),
    el("a", { class: "button primary", href: `/books/${NAME}/review`, id: "review-link" }, "Review every puzzle"));
  const parts = [downloads];
  if (out.cover) {
    const g = out.cover;
    const [mw, mh] = g.media;
    const box = (cls, r) => el("div", { class: "outline " + cls, title: cls,
      style: `left:${100 * r[0] / mw}%;top:${100 * (mh - r[1] - r[3]) / mh}%;width:${100 * r[2] / mw}%;height:${100 * r[3] / mh}%` });
    parts.push(el("h3", {}, "Cover ", el("span", { class: "muted small" }, `full wrap for ${g.pages} pages`)),
      el("div", { class: "legend" }, el("span", {}, el("i", { style: "border-color:#00b3ff" }), "trim"),
        el("span", {}, el("i", { style: "border-color:#ff3b7f" }), "spine"), el("span", {}, el("i", { style: "border-color:#ffd000" }), "barcode area")),
      el("div", { class: "cover-wrap" }, el("img", { src: `/books/${NAME}/cover.png?v=${v}`, alt: "the full-wrap cover" }),
        box("trim", g.trim), box("spine", g.spine), box("barcode", g.barcode)));
  }
  const grid = el("div", { class: "pages" });
  for (let n = 1; n <= out.pages; n++) {
    grid.append(el("figure", {}, el("img", { loading: "lazy", src: `/books/${NAME}/pages/${n}.png?w=200&v=${v}`, alt: `page ${n}` }), el("figcaption", {}, n)));
  }
  parts.push(el("h3", {}, `Pages `, el("span", { class: "muted small" }, `${out.pages}, rendered from book.pdf`)), grid);
  target.replaceChildren(...parts);
}

/* ------------------------------------------------------------------ start */

async function start() {
  const [schema, book] = await Promise.all([api("GET", "/api/schema"), api("GET", `/api/books/${NAME}`)]);
  state.schema = schema.schema;
  state.extras = { fonts: schema.fonts, shapes: schema.shapes, languages: schema.languages };
  state.saved = book.text;
  setText(book.text);
  if (book.draft !== null) {
    $("draft-banner").hidden = false;
    $("open-draft").onclick = () => { setText(book.draft); $("draft-banner").hidden = true; check(); };
    $("drop-draft").onclick = async () => { await api("DELETE", `/api/books/${NAME}`); $("draft-banner").hidden = true; };
  }
  await check();
  previews();  // at once on opening; later changes wait for the typing to pause
  const build = await api("GET", `/api/builds/${NAME}`);
  if (build.state === "running" || build.state === "starting") { switchTab("build"); listen(); }
  showOutput();
}

start().catch(e => showState(e.message, "bad"));
