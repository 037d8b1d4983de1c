// A form a game offers a seated player (Mao's New rule: web/plugin.py), drawn from its fields:
// a select for a field with options, a line of text for the others, each shown only while the
// selects hold one of its combinations ("when"). The same form is not drawn again while it
// stands, so what is being typed survives the table's frames.
"use strict";

function formChoices(el) {
  const chosen = {};
  for (const select of el.querySelectorAll("select")) chosen[select.name] = select.value;
  return chosen;
}

function formShown(el) {
  const chosen = formChoices(el);
  for (const label of el.querySelectorAll("label[data-when]")) {
    const when = JSON.parse(label.dataset.when);
    label.hidden = !when.some((combo) => Object.entries(combo).every(([k, v]) => chosen[k] === v));
  }
}

function formValues(el) {
  const values = {};
  for (const label of el.querySelectorAll("label")) {
    if (label.hidden) continue;
    const input = label.querySelector("input, select");
    values[input.name] = input.value;
  }
  return values;
}

function drawForm(el, spec, submit) {
  if (!spec) {
    el.hidden = true;
    el.dataset.shape = "";
    el.replaceChildren();
    return;
  }
  el.hidden = false;
  const shape = JSON.stringify(spec);
  if (el.dataset.shape === shape) return;
  el.dataset.shape = shape;
  const title = document.createElement("h2");
  title.textContent = spec.title;
  const labels = spec.fields.map((field) => {
    const label = document.createElement("label");
    const words = document.createElement("span");
    words.textContent = field.label;
    let input;
    if (field.options) {
      input = document.createElement("select");
      for (const [value, text] of field.options) {
        const option = document.createElement("option");
        option.value = value;
        option.textContent = text;
        input.append(option);
      }
      input.onchange = () => formShown(el);
    } else {
      input = document.createElement("input");
      input.placeholder = field.placeholder || "";
      input.maxLength = 300;
      input.autocomplete = "off";
    }
    input.name = field.key;
    if (field.when) label.dataset.when = JSON.stringify(field.when);
    label.append(words, input);
    return label;
  });
  const button = document.createElement("button");
  button.type = "submit";
  button.textContent = spec.submit;
  el.replaceChildren(title, ...labels, button);
  el.onsubmit = (event) => {
    event.preventDefault();
    submit(formValues(el));
  };
  formShown(el);
}
