// Library catalogue: a search field and a "Search" button over a results table (Title, Author, Year)
// whose rows each have "Edit" and "Delete" — the same two names in every row on purpose, so a step
// must say which row. Known bugs (CONTRACT.md): "library-search" ignores the query; "library-delete"
// removes the first row instead of the one whose "Delete" was clicked.
(function () {
  "use strict";

  var bug = window.Demo ? window.Demo.hasBug : function () { return false; };
  var books = [
    { title: "Beloved", author: "Toni Morrison", year: 1987 },
    { title: "Dune", author: "Frank Herbert", year: 1965 },
    { title: "Dune Messiah", author: "Frank Herbert", year: 1969 },
    { title: "Middlemarch", author: "George Eliot", year: 1871 },
    { title: "SPQR", author: "Mary Beard", year: 2015 },
    { title: "The Hobbit", author: "J. R. R. Tolkien", year: 1937 }
  ];
  var query = "";
  var rows = document.getElementById("rows");
  var summary = document.getElementById("summary");
  var notice = document.getElementById("notice");

  function cell(text) {
    var td = document.createElement("td");
    td.textContent = text;
    return td;
  }

  function button(text, onClick) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.addEventListener("click", onClick);
    return b;
  }

  function shown() {
    var q = bug("library-search") ? "" : query.trim().toLowerCase(); // injected bug "library-search"
    return books.filter(function (book) {
      return !q || (book.title + " " + book.author).toLowerCase().indexOf(q) !== -1;
    });
  }

  function render() {
    var list = shown();
    rows.textContent = "";
    list.forEach(function (book) {
      var tr = document.createElement("tr");
      tr.appendChild(cell(book.title));
      tr.appendChild(cell(book.author));
      tr.appendChild(cell(String(book.year)));
      var actions = document.createElement("td");
      actions.appendChild(button("Edit", function () { notice.textContent = "Editing " + book.title; }));
      actions.appendChild(button("Delete", function () { remove(book); }));
      tr.appendChild(actions);
      rows.appendChild(tr);
    });
    var noun = list.length === 1 ? "book" : "books";
    summary.textContent = query.trim()
      ? list.length + " " + noun + " match \u201c" + query.trim() + "\u201d"
      : list.length + " " + noun;
  }

  function remove(book) {
    var victim = bug("library-delete") ? books[0] : book; // injected bug "library-delete"
    books = books.filter(function (b) { return b !== victim; });
    notice.textContent = "1 book deleted";
    render();
  }

  document.getElementById("search").addEventListener("submit", function (event) {
    event.preventDefault();
    query = document.getElementById("query").value;
    render();
  });
  render();
})();
