/**
 * The report page's only script (inlined, optional): opening a `#level-N`
 * link (a plot point) opens the folded thumbnails that hold the card, and
 * the "open all / fold all" buttons toggle every chapter's thumbnails.
 * The page reads fine without it.
 */
export const REPORT_SCRIPT = `
(function () {
  function reveal(hash) {
    var el = hash && hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!el) return;
    var d = el.closest("details");
    if (d && !d.open) { d.open = true; el.scrollIntoView(); }
  }
  window.addEventListener("hashchange", function () { reveal(location.hash); });
  reveal(location.hash);
  var buttons = document.querySelectorAll("button[data-thumbnails]");
  for (var i = 0; i < buttons.length; i++) {
    buttons[i].addEventListener("click", function (e) {
      var open = e.currentTarget.getAttribute("data-thumbnails") === "open";
      var all = document.querySelectorAll("details.thumbnails");
      for (var k = 0; k < all.length; k++) all[k].open = open;
    });
  }
})();
`;
