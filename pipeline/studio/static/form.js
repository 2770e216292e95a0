"use strict";
/* The book form, generated from the config's JSON Schema (pydantic's, via `puzzlebook schema`): a field
   per setting, a fieldset per model, a card per section. A new kind's options appear with no code here:
   its section model is one more branch of the schema's discriminated union.

   The form never keeps settings of its own. It shows what the YAML holds (`settings`, as the server
   read it) and reports each change as (path, value, op) to `onChange`, which edits the YAML text
   (comments kept) and reads it back. A field's `data-path` ("sections.1.count") is where the
   config's problems (field "sections[1].count") find it. */

const BookForm = (() => {
  let defs = {};
  let extras = {};

  const resolve = s => { let seen = 0; while (s && s.$ref && seen++ < 20) s = defs[s.$ref.split("/").pop()]; return s || {}; };
  const pathKey = path => path.join(".");
  const human = key => key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, " ");
  /* A setting's own title (pydantic's "Per Page"), never its model's class name ("PageSpec"). */
  const label = (key, schema) => (schema.title && !/^[A-Z][a-z]+[A-Z]\w*$/.test(schema.title) ? schema.title : human(key));
  const isColour = value => typeof value === "string" && /^#[0-9a-fA-F]{6}$/.test(value);

  /* A field's schema with `null` and `$ref` taken out: what kind of control it wants. */
  function shape(schema) {
    let s = schema;
    let nullable = false;
    if (s.anyOf) {
      const rest = s.anyOf.filter(b => b.type !== "null");
      nullable = rest.length < s.anyOf.length;
      if (rest.length === 1) s = { ...resolve(rest[0]), title: schema.title, description: schema.description, default: schema.default };
    }
    s = s.$ref ? { ...resolve(s), title: schema.title || resolve(s).title, description: schema.description || resolve(s).description, default: schema.default } : s;
    return { schema: s, nullable };
  }

  function textForm(branches) {
    /* anyOf [an object model, its text form ('name' or 'name:size')]: the model branch, else null. */
    const model = branches.find(b => b.$ref && resolve(b).properties);
    const text = branches.find(b => b.type === "string" && b.pattern);
    return model && text ? resolve(model) : null;
  }

  function field(path, key, schema, value, change, required) {
    const { schema: s, nullable } = shape(schema);
    const id = "f-" + pathKey(path).replace(/[^A-Za-z0-9_-]/g, "-");
    const help = s.description || schema.description || "";
    const wrap = el("div", { class: "field", "data-path": pathKey(path) });
    const caption = el("label", { for: id }, label(key, schema), required ? "" : "");
    let control = null;
    const missing = value === undefined || value === null;
    const shown = missing ? (schema.default !== undefined ? schema.default : s.default) : value;

    if (s.const !== undefined) {
      control = el("input", { id, value: s.const, readonly: true });
    } else if (s.enum) {
      control = el("select", { id });
      if (nullable || !required) control.append(el("option", { value: "" }, missing ? `(default${shown !== undefined && shown !== null ? ": " + shown : ""})` : "(default)"));
      for (const option of s.enum) control.append(el("option", { value: JSON.stringify(option), selected: !missing && option === value }, String(option)));
      control.addEventListener("change", () => change(path, control.value === "" ? null : JSON.parse(control.value)));
    } else if (s.type === "boolean") {
      control = el("input", { id, type: "checkbox", checked: !!shown });
      control.addEventListener("change", () => change(path, control.checked));
      wrap.append(el("div", { class: "row" }, control, caption));
      if (help) wrap.append(el("div", { class: "help" }, help));
      return wrap;
    } else if (s.type === "integer" || s.type === "number") {
      control = el("input", { id, type: "number", value: missing ? "" : value, placeholder: shown ?? "",
        min: s.minimum, max: s.maximum, step: s.type === "integer" ? 1 : "any" });
      control.addEventListener("change", () => {
        if (control.value === "") return change(path, null);
        const number = s.type === "integer" ? parseInt(control.value, 10) : parseFloat(control.value);
        change(path, Number.isNaN(number) ? control.value : number);
      });
    } else if (s.type === "string") {
      if (key === "language" && extras.languages) {
        control = el("select", { id });
        for (const code of extras.languages) control.append(el("option", { value: code, selected: (shown || "en") === code }, code));
        control.addEventListener("change", () => change(path, control.value));
      } else {
        const fonts = path.includes("fonts") && extras.fonts;
        control = el("input", { id, value: missing ? "" : value, placeholder: shown ?? "", list: fonts ? "font-files" : null,
          maxlength: s.maxLength });
        control.addEventListener("change", () => change(path, control.value === "" && (nullable || !required) ? null : control.value));
        if (isColour(shown)) {
          const picker = el("input", { type: "color", value: shown, "aria-label": label(key, schema) + " colour" });
          picker.addEventListener("change", () => change(path, picker.value));
          control = el("div", { class: "row" }, picker, control);
        }
      }
    } else if (s.type === "array" && s.items && (resolve(s.items).type === "string" && !resolve(s.items).enum)) {
      control = el("textarea", { id, rows: 4, placeholder: "one paragraph; a blank line starts the next" });
      control.value = (Array.isArray(value) ? value : value ? [value] : []).join("\n\n");
      control.addEventListener("change", () => {
        const paragraphs = control.value.split(/\n\s*\n/).map(p => p.replace(/\s+/g, " ").trim()).filter(Boolean);
        change(path, paragraphs.length ? paragraphs : null);
      });
    } else if (s.type === "array" && s.items && ["integer", "number"].includes(resolve(s.items).type)) {
      control = el("input", { id, value: Array.isArray(value) ? value.join(", ") : "", placeholder: "e.g. 3, 17" });
      control.addEventListener("change", () => {
        const items = control.value.split(/[\s,]+/).filter(Boolean).map(Number);
        change(path, items.length ? items : null);
      });
    } else if (s.anyOf && textForm(s.anyOf.flatMap(b => b.type === "array" ? [b.items].flatMap(i => i.anyOf || [i]) : b.anyOf || [b]))) {
      return boardsField(path, key, s, value, change);
    } else if (s.properties) {
      return group(path, key, s, value || {}, change);
    } else {
      control = el("input", { id, value: missing ? "" : JSON.stringify(value), placeholder: "YAML value" });
      control.addEventListener("change", () => change(path, control.value === "" ? null : control.value));
    }
    wrap.append(caption, control);
    if (help) wrap.append(el("div", { class: "help" }, help));
    return wrap;
  }

  function group(path, key, schema, value, change, open) {
    const box = el("details", { "data-path": pathKey(path), open: open ? true : null });
    box.append(el("summary", {}, label(key, schema)));
    if (schema.description) box.append(el("div", { class: "help small muted" }, schema.description));
    const required = new Set(schema.required || []);
    for (const [name, sub] of Object.entries(schema.properties || {})) {
      box.append(field([...path, name], name, sub, value[name], change, required.has(name)));
    }
    return el("fieldset", {}, box);
  }

  /* Boards: a list of shape models, each written back as its text form ('cross:9') when only its
     name and size are set, else as a mapping of what is set. */
  function boardsField(path, key, schema, value, change) {
    const branches = schema.anyOf.flatMap(b => b.type === "array" ? (b.items.anyOf || [b.items]) : (b.anyOf || [b]));
    const model = textForm(branches);
    const params = Object.keys(model.properties).filter(p => p !== "name");
    const rows = (Array.isArray(value) ? value : value ? [value] : []).map(item => {
      if (typeof item !== "string") return { ...item };
      const [name, size] = item.split(":");
      return size ? { name, size: parseInt(size, 10) } : { name };
    });
    const wrap = el("div", { class: "field", "data-path": pathKey(path) });
    wrap.append(el("div", { class: "label" }, label(key, schema)));
    if (schema.description) wrap.append(el("div", { class: "help" }, schema.description));
    const write = () => {
      const items = rows.filter(r => r.name).map(r => {
        const set = Object.fromEntries(Object.entries(r).filter(([k, v]) => v !== "" && v !== null && v !== undefined));
        const keys = Object.keys(set);
        if (keys.every(k => k === "name" || k === "size")) return set.size ? `${set.name}:${set.size}` : set.name;
        return set;
      });
      change(path, items.length ? items : null);
    };
    const section = path.slice(0, 2);
    rows.forEach((row, i) => {
      const line = el("div", { class: "shape-row", "data-path": pathKey([...path, i]) });
      const name = el("input", { class: "name", value: row.name || "", list: "shape-names-" + pathKey(section).replace(/\./g, "-"), "aria-label": "board shape" });
      name.addEventListener("change", () => { row.name = name.value.trim(); write(); });
      line.append(el("label", {}, "shape", name));
      for (const p of params) {
        const sub = shape(model.properties[p]).schema;
        const input = el("input", { type: "number", value: row[p] ?? "", placeholder: "default", step: sub.type === "integer" ? 1 : "any",
          title: model.properties[p].description || p, "aria-label": p });
        input.addEventListener("change", () => {
          row[p] = input.value === "" ? null : (sub.type === "integer" ? parseInt(input.value, 10) : parseFloat(input.value));
          write();
        });
        line.append(el("label", {}, p, input));
      }
      line.append(el("button", { type: "button", class: "danger", title: "remove this board", onclick: () => { rows.splice(i, 1); write(); } }, "×"));
      wrap.append(line);
    });
    wrap.append(el("button", { type: "button", onclick: () => { rows.push({ name: rows.length ? rows[rows.length - 1].name : "square" }); write(); } }, "Add a board"));
    return wrap;
  }

  /* One level, a list of levels (cycled), or a range (min_level..max_level): three settings as one field. */
  function levelsField(path, schema, value, change) {
    const difficulty = schema.properties.difficulty;
    const levels = (difficulty.anyOf || []).map(b => resolve(b)).find(b => b.enum).enum;
    const current = value.difficulty;
    const mode = current === undefined && (value.min_level || value.max_level) ? "range" : Array.isArray(current) ? "list" : "one";
    const wrap = el("div", { class: "field levels", "data-path": pathKey([...path, "difficulty"]) });
    wrap.append(el("div", { class: "label" }, "Levels"));
    const modes = el("div", { class: "row" });
    const body = el("div", { class: "row" });
    const pick = m => {
      if (m === mode) return;
      if (m === "one") change([...path, "difficulty"], Array.isArray(current) ? current[0] : levels[0], [[[...path, "min_level"], null], [[...path, "max_level"], null]]);
      if (m === "list") change([...path, "difficulty"], Array.isArray(current) ? current : [current || levels[0], levels[Math.min(1, levels.length - 1)]], [[[...path, "min_level"], null], [[...path, "max_level"], null]]);
      if (m === "range") change([...path, "difficulty"], null, [[[...path, "min_level"], levels[0]], [[...path, "max_level"], levels[levels.length - 1]]]);
    };
    for (const [m, text] of [["one", "one level"], ["list", "a list, cycled"], ["range", "a range, easiest first"]]) {
      const radio = el("input", { type: "radio", name: "mode-" + pathKey(path), value: m, checked: m === mode });
      radio.addEventListener("change", () => pick(m));
      modes.append(el("label", {}, radio, " ", text));
    }
    if (mode === "one") {
      const select = el("select", { "aria-label": "level" }, levels.map(l => el("option", { value: l, selected: l === current }, l)));
      select.addEventListener("change", () => change([...path, "difficulty"], select.value));
      body.append(select);
    } else if (mode === "list") {
      const input = el("input", { value: current.join(", "), "aria-label": "levels, in order", size: 30 });
      input.addEventListener("change", () => change([...path, "difficulty"], input.value.split(/[\s,]+/).filter(Boolean)));
      body.append(input, el("span", { class: "help" }, "puzzles take these in turn"));
    } else {
      for (const end of ["min_level", "max_level"]) {
        const select = el("select", { "aria-label": end.replace("_", " ") }, el("option", { value: "" }, "(default)"),
          levels.map(l => el("option", { value: l, selected: value[end] === l }, l)));
        select.addEventListener("change", () => change([...path, end], select.value || null));
        body.append(el("label", {}, end === "min_level" ? "from " : "to ", select));
      }
    }
    wrap.append(modes, body, el("div", { class: "help" }, difficulty.description || ""));
    return wrap;
  }

  function sectionCard(i, section, union, change, remove, move, total) {
    const mapping = union.discriminator.mapping;
    const model = resolve({ $ref: mapping[section.kind] || Object.values(mapping)[0] });
    const card = el("div", { class: "section-card", "data-path": pathKey(["sections", i]) });
    const kinds = el("select", { "aria-label": "kind" }, Object.keys(mapping).map(k => el("option", { value: k, selected: k === section.kind }, k)));
    kinds.addEventListener("change", () => {
      const other = resolve({ $ref: mapping[kinds.value] });
      if (other === model) return change(["sections", i, "kind"], kinds.value);
      const levels = (other.properties.difficulty.anyOf || []).map(b => resolve(b)).find(b => b.enum).enum;
      change(["sections", i], { name: section.name, kind: kinds.value, difficulty: levels[0], count: section.count || 10 });
    });
    card.append(el("div", { class: "head" },
      el("strong", {}, `Section ${i + 1}: ${section.name || ""}`), kinds,
      el("button", { type: "button", title: "move up", disabled: i === 0, onclick: () => move(i, -1) }, "↑"),
      el("button", { type: "button", title: "move down", disabled: i === total - 1, onclick: () => move(i, 1) }, "↓"),
      el("button", { type: "button", class: "danger", disabled: total === 1, onclick: () => remove(i) }, "Remove")));
    if (model.description) card.append(el("div", { class: "help small muted" }, model.description));
    const required = new Set(model.required || []);
    for (const [name, sub] of Object.entries(model.properties)) {
      if (name === "kind" || name === "min_level" || name === "max_level") continue;
      if (name === "difficulty") { card.append(levelsField(["sections", i], model, section, change)); continue; }
      card.append(field(["sections", i, name], name, sub, section[name], change, required.has(name)));
    }
    const datalist = el("datalist", { id: "shape-names-sections-" + i },
      ((extras.shapes || {})[section.kind] || []).map(n => el("option", { value: n })));
    card.append(datalist);
    return card;
  }

  const ORDER = [
    ["Book", ["title", "subtitle", "author", "language", "seed", "edition", "isbn", "copyright"]],
    ["Pages", ["page", "large_print", "contents", "answers"]],
    ["Words before the puzzles", ["introduction"]],
    ["Cover", ["cover"]],
    ["Fonts", ["fonts"]],
  ];

  function render(container, schema, settings, onChange, helpers) {
    defs = schema.$defs || {};
    extras = helpers.extras || {};
    container.replaceChildren();
    if (!settings) {
      container.append(el("p", { class: "muted" }, "The YAML cannot be read as settings: fix it in the YAML tab (its mistakes are listed there)."));
      return;
    }
    const props = schema.properties;
    const required = new Set(schema.required || []);
    const placed = new Set(["sections", "parallel"]);
    for (const [title, keys] of ORDER) {
      const fs = el("fieldset", {}, el("legend", {}, title));
      for (const key of keys.filter(k => props[k])) {
        placed.add(key);
        const sub = shape(props[key]).schema;
        if (sub.properties) fs.append(group([key], key, sub, settings[key] || {}, onChange, key === "page"));
        else fs.append(field([key], key, props[key], settings[key], onChange, required.has(key)));
      }
      container.append(fs);
    }
    const more = Object.keys(props).filter(k => !placed.has(k));
    if (more.length) {
      const fs = el("fieldset", {}, el("legend", {}, "More"));
      for (const key of more) fs.append(field([key], key, props[key], settings[key], onChange, required.has(key)));
      container.append(fs);
    }
    const sections = Array.isArray(settings.sections) ? settings.sections : [];
    const union = props.sections.items;
    const fs = el("fieldset", { "data-path": "sections" }, el("legend", {}, "Sections"));
    sections.forEach((section, i) => fs.append(sectionCard(i, section || {}, union, onChange,
      idx => onChange(["sections", idx], null, "remove"),
      (idx, by) => helpers.moveSection(idx, by), sections.length)));
    const firstKind = Object.keys(union.discriminator.mapping)[0];
    fs.append(el("button", { type: "button", onclick: () => onChange(["sections"],
      { name: `Section ${sections.length + 1}`, kind: firstKind, difficulty: "easy", count: 10 }, "append") }, "Add a section"));
    container.append(fs);
    container.append(group(["parallel"], "parallel", resolve(props.parallel), settings.parallel || {}, onChange, false));
    container.append(el("datalist", { id: "font-files" }, (extras.fonts || []).map(f => el("option", { value: f }))));
  }

  /* Put each problem next to the field its `field` names, or the nearest enclosing one shown. */
  function mark(container, problems) {
    container.querySelectorAll(".field.has-error").forEach(f => f.classList.remove("has-error"));
    container.querySelectorAll(".field-problem").forEach(p => p.remove());
    for (const problem of problems) {
      if (!problem.field) continue;
      let path = problem.field.replace(/\[(\d+)\]/g, ".$1").replace(/^\./, "");
      let target = null;
      while (path && !(target = container.querySelector(`[data-path="${CSS.escape(path)}"]`))) {
        path = path.includes(".") ? path.slice(0, path.lastIndexOf(".")) : "";
      }
      if (!target) continue;
      target.classList.add("has-error");
      target.append(el("div", { class: "error field-problem", role: "alert" }, problem.message));
    }
  }

  return { render, mark };
})();
