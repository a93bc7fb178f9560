// Tasks: a to-do list built only from custom elements with open shadow roots, the way Lit, Stencil,
// Shoelace or Ionic apps are built. Every word a user sees lives inside a shadow root or is slotted
// into one: <task-app> holds a <task-header> (the heading) wrapping <new-task> (a text field with
// delegatesFocus), a list of <task-item> rows (a checkbox, the slotted text, an edit field, "Delete"),
// and a <task-footer> with <task-count> (slotted number) and <filter-bar> (All / Active / Completed,
// "Clear completed"). Known bugs (CONTRACT.md) break one behaviour each.
(function () {
  "use strict";

  var bug = window.Demo ? window.Demo.hasBug : function () { return false; };

  function component(name, html, options, Base) {
    customElements.define(name, class extends (Base || HTMLElement) {
      constructor() {
        super();
        this.attachShadow(Object.assign({ mode: "open" }, options || {})).innerHTML = html;
      }
    });
  }

  function send(from, type, detail) {
    from.dispatchEvent(new CustomEvent(type, { detail: detail, bubbles: true, composed: true }));
  }

  var BASE_STYLE = "<style>:host{display:block} :host([hidden]){display:none}" +
    " button{font:inherit;cursor:pointer} input{font:inherit}</style>";

  component("task-header",
    BASE_STYLE + "<header><h1>Tasks</h1><slot></slot></header>");

  customElements.define("new-task", class extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: "open", delegatesFocus: true }).innerHTML = BASE_STYLE +
        '<input aria-label="New task" placeholder="What needs to be done?" autocomplete="off">';
      var input = this.shadowRoot.querySelector("input");
      var host = this;
      input.addEventListener("keydown", function (event) {
        if (event.key !== "Enter" || !input.value.trim()) return;
        send(host, "task-add", input.value.trim());
        input.value = "";
        if (bug("tasks-focus")) input.blur();
      });
    }
    connectedCallback() { this.focus(); }
  });

  customElements.define("task-item", class extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: "open" }).innerHTML = BASE_STYLE +
        "<style>li{display:flex;gap:.5em;align-items:center;padding:.25em 0} label{flex:1}" +
        " :host([done]) label{text-decoration:line-through;color:#777}</style>" +
        '<li><input type="checkbox"><label><slot></slot></label>' +
        '<input class="edit" aria-label="Edit task" hidden>' +
        '<button type="button" aria-label="Delete" title="Delete">×</button></li>';
      var root = this.shadowRoot;
      var host = this;
      var box = root.querySelector('input[type="checkbox"]');
      var label = root.querySelector("label");
      var edit = root.querySelector(".edit");
      box.addEventListener("change", function () {
        send(host, "task-toggle", { id: host.taskId, done: box.checked });
      });
      root.querySelector("button").addEventListener("click", function () {
        send(host, "task-delete", { id: host.taskId });
      });
      this.addEventListener("dblclick", function (event) {
        var origin = event.composedPath()[0];
        if (origin === box || origin.tagName === "BUTTON" || !edit.hidden) return;
        edit.value = host.textContent;
        label.hidden = true;
        edit.hidden = false;
        edit.focus();
      });
      function finish(save) {
        if (edit.hidden) return;
        edit.hidden = true;
        label.hidden = false;
        var text = edit.value.trim();
        if (save && text) send(host, "task-edit", { id: host.taskId, text: text });
      }
      edit.addEventListener("keydown", function (event) {
        if (event.key === "Enter") finish(true);
        if (event.key === "Escape") finish(false);
      });
      edit.addEventListener("blur", function () { finish(true); });
    }
    show(task) {
      this.taskId = task.id;
      this.textContent = task.text;
      this.toggleAttribute("done", task.done);
      this.shadowRoot.querySelector('input[type="checkbox"]').checked = task.done;
    }
  });

  component("task-count", BASE_STYLE + "<span><strong><slot></slot></strong> <slot name=\"unit\"></slot> left</span>");

  customElements.define("filter-bar", class extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: "open" }).innerHTML = BASE_STYLE +
        "<style>nav{display:flex;gap:.5em} [aria-pressed=true]{font-weight:bold}</style>" +
        '<nav aria-label="Filter tasks">' +
        '<button type="button" data-filter="all" aria-pressed="true">All</button>' +
        '<button type="button" data-filter="active" aria-pressed="false">Active</button>' +
        '<button type="button" data-filter="completed" aria-pressed="false">Completed</button>' +
        '<button type="button" data-clear>Clear completed</button></nav>';
      var host = this;
      this.shadowRoot.addEventListener("click", function (event) {
        var button = event.target.closest("button");
        if (!button) return;
        if (button.hasAttribute("data-clear")) send(host, "task-clear");
        else send(host, "task-filter", button.getAttribute("data-filter"));
      });
    }
    show(filter) {
      this.shadowRoot.querySelectorAll("[data-filter]").forEach(function (button) {
        button.setAttribute("aria-pressed", String(button.getAttribute("data-filter") === filter));
      });
    }
  });

  component("task-footer",
    BASE_STYLE + "<style>footer{display:flex;gap:1em;align-items:center;margin-top:1em}</style>" +
    "<footer><task-count></task-count><filter-bar></filter-bar></footer>");

  customElements.define("task-app", class extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: "open" }).innerHTML = BASE_STYLE +
        "<style>ul{list-style:none;padding:0}</style>" +
        "<task-header><new-task></new-task></task-header>" +
        '<p class="empty">Nothing to do yet</p>' +
        '<ul aria-label="Task list"></ul><task-footer></task-footer>';
      this.tasks = [];
      this.filter = "all";
      this.nextId = 1;
      var app = this;
      var on = function (type, handle) {
        app.shadowRoot.addEventListener(type, function (event) { handle(event.detail); app.render(); });
      };
      on("task-add", function (text) {
        var task = { id: app.nextId++, text: text, done: false };
        if (bug("tasks-order")) app.tasks.unshift(task); else app.tasks.push(task);
      });
      on("task-toggle", function (change) {
        var index = app.tasks.findIndex(function (t) { return t.id === change.id; });
        app.tasks[bug("tasks-check") ? 0 : index].done = change.done;
      });
      on("task-edit", function (change) {
        var task = app.tasks.find(function (t) { return t.id === change.id; });
        if (task && !bug("tasks-edit")) task.text = change.text;
      });
      on("task-delete", function (change) {
        app.tasks = app.tasks.filter(function (t) { return t.id !== change.id; });
      });
      on("task-clear", function () {
        app.tasks = app.tasks.filter(function (t) { return !t.done; });
      });
      on("task-filter", function (filter) { app.filter = filter; });
    }
    connectedCallback() { this.render(); }
    shows(task) {
      if (this.filter === "active") return !task.done || bug("tasks-filter");
      if (this.filter === "completed") return task.done;
      return true;
    }
    render() {
      var root = this.shadowRoot;
      var list = root.querySelector("ul");
      list.replaceChildren();
      var app = this;
      this.tasks.forEach(function (task) {
        var row = document.createElement("task-item");
        list.appendChild(row);
        row.show(task);
        row.hidden = !app.shows(task);
      });
      root.querySelector(".empty").hidden = this.tasks.length > 0;
      var left = this.tasks.filter(function (t) { return bug("tasks-count") || !t.done; }).length;
      var footer = root.querySelector("task-footer").shadowRoot;
      var count = footer.querySelector("task-count");
      count.innerHTML = "";
      count.append(String(left));
      var unit = document.createElement("span");
      unit.slot = "unit";
      unit.textContent = left === 1 ? "item" : "items";
      count.append(unit);
      footer.querySelector("filter-bar").show(this.filter);
      root.querySelector("task-footer").hidden = this.tasks.length === 0;
    }
  });
})();
