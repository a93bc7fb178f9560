"""A page built from custom elements with open shadow roots (nested components, slots, rows that are
components, ``delegatesFocus``) plus one closed root: what web-component apps look like to autoqa."""

COMPONENTS = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Web components</title>
<script>
const define = (name, html, options = {}) => customElements.define(name, class extends HTMLElement {
  constructor() { super(); this.attachShadow({mode: 'open', ...options}).innerHTML = html; }
});
define('todo-header', '<header><h1>todos</h1><new-todo></new-todo></header>');
define('new-todo', '<input aria-label="New todo" placeholder="What needs to be done?">',
       {delegatesFocus: true});
define('todo-item', '<li><input type="checkbox"><label><slot></slot></label></li>');
define('todo-count', '<span><strong><slot></slot></strong> items left</span>');
define('hidden-note', '<p style="display:none">archived note</p><p>visible note</p>');
define('x-card', '<section><h2><slot name="title"></slot></h2><inner-part></inner-part></section>');
define('inner-part', '<p>deeply nested text</p>');
customElements.define('closed-box', class extends HTMLElement {
  constructor() { super(); this.attachShadow({mode: 'closed'}).innerHTML = '<button>Sealed</button>'; }
});
</script></head>
<body>
<todo-header></todo-header>
<ul><todo-item>feed the cat</todo-item><todo-item>buy milk</todo-item></ul>
<todo-count>2</todo-count>
<hidden-note></hidden-note>
<x-card><span slot="title">Card title</span></x-card>
<closed-box></closed-box>
<p>Part of TodoMVC</p>
</body></html>
"""
