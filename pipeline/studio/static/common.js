"use strict";
/* Small helpers every studio page uses: JSON requests, a debounce, building elements. No framework. */

async function api(method, url, body) {
  const options = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const error = new Error((data && data.error) || response.statusText);
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

function debounce(fn, ms) {
  let timer = null;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/* Follow a book's rebuild (asked for, or running) to its end, then call done(run) once: however many
   times a page asks while one is followed. */
const following = new Set();
async function afterBuild(name, done) {
  if (following.has(name)) return;
  following.add(name);
  try {
    for (;;) {
      await new Promise(r => setTimeout(r, 500));
      const run = await api("GET", `/api/builds/${name}`);
      if (!run.pending && run.state !== "running" && run.state !== "starting") { await done(run); return; }
    }
  } finally {
    following.delete(name);
  }
}

function when(iso) {
  const date = new Date(iso);
  return isNaN(date) ? iso : date.toLocaleString();
}

document.querySelectorAll("time[datetime]").forEach(t => { t.textContent = when(t.getAttribute("datetime")); });
