// A game's table options as form fields, one each (a number, a checkbox or a choice, with its help), named as
// the option so that the server reads them by name and checks them (lobby/options.py `check_options`): the
// lobby's create-table form and the tournaments' form draw them alike.

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  Object.entries(attrs || {}).forEach(([k, v]) => {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  });
  children.forEach((c) => c && node.appendChild(typeof c === "string" ? document.createTextNode(c) : c));
  return node;
}

// Appends to `box` a label and a field for each of `options` (the game's, translated by the server).
export function appendOptionFields(box, options) {
  options.forEach((opt) => {
    const id = "opt_" + opt.name;
    box.appendChild(el("label", { for: id, text: opt.label }));
    let field;
    if (opt.type === "int") {
      field = el("input", { type: "number", name: opt.name, id: id, value: opt.default });
      if (opt.min !== undefined) field.min = opt.min;
      if (opt.max !== undefined) field.max = opt.max;
    } else if (opt.type === "bool") {
      field = el("input", { type: "checkbox", name: opt.name, id: id, value: "1" });
      field.checked = !!opt.default;
    } else {
      field = el("select", { name: opt.name, id: id });
      (opt.choices || []).forEach(([value, label]) => {
        const o = el("option", { value: value, text: label });
        if (String(value) === String(opt.default)) o.selected = true;
        field.appendChild(o);
      });
    }
    box.appendChild(field);
    if (opt.help) box.appendChild(el("small", { class: "muted option-help", "data-testid": "option-help-" + opt.name, text: opt.help }));
  });
}
