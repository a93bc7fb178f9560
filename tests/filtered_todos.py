"""A to-do list drawn again from its data on every change, as most to-do apps are, with a "Completed" view:
unticking an item there takes its row off the page, and the next completed item takes its place. What
``set_checked`` must get right on such a page (tests/tools/test_tools_box_leaves.py, and run and export in
tests/export/test_box_leaves_live.py). ``/*@@CHANGE@@*/`` is where a test's build changes what a click
does."""

TODOS = """<!doctype html><meta charset="utf-8"><title>todos</title><main><h1>todos</h1>
<nav><a href="#/">All</a> <a href="#/completed">Completed</a></nav>
<ul id="list"></ul><p id="left"></p></main><script>
const todos = [
  {title: 'Call mom', done: true}, {title: 'Pay rent', done: true}, {title: 'Walk dog', done: false}];
const list = document.getElementById('list');
function draw() {
  const completedOnly = location.hash === '#/completed';
  list.innerHTML = '';
  todos.forEach((todo, i) => {
    if (completedOnly && !todo.done) return;
    const li = document.createElement('li');
    li.innerHTML = '<input type="checkbox" class="toggle"><label></label>';
    li.querySelector('label').textContent = todo.title;
    const box = li.querySelector('input');
    box.checked = todo.done;
    box.onchange = () => { /*@@CHANGE@@*/todos[i].done = box.checked; draw(); };
    list.append(li);
  });
  const left = todos.filter((t) => !t.done).length;
  document.getElementById('left').textContent = left + (left === 1 ? ' item left' : ' items left');
}
window.onhashchange = draw;
draw();
</script>"""
