"use strict";
/* The books page: a new book from a template, under a new file name. */

const dialog = document.getElementById("new-dialog");
const template = document.getElementById("template");
const about = document.getElementById("template-about");
const nameInput = document.getElementById("book-name");
const error = document.getElementById("new-error");

function showAbout() {
  const option = template.selectedOptions[0];
  about.textContent = option ? option.dataset.about : "";
}

document.getElementById("new-book").addEventListener("click", () => {
  error.textContent = "";
  showAbout();
  dialog.showModal();
  nameInput.focus();
});
document.getElementById("new-cancel").addEventListener("click", () => dialog.close());
template.addEventListener("change", showAbout);
document.getElementById("new-form").addEventListener("submit", async event => {
  event.preventDefault();
  error.textContent = "";
  try {
    const made = await api("POST", "/api/books", { name: nameInput.value.trim(), template: template.value });
    location.href = made.url;
  } catch (e) {
    error.textContent = e.message;
  }
});
