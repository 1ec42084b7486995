// Behaviour every page shares. The Content-Security-Policy allows no inline
// script or handler (config/settings.py, CONTENT_SECURITY_POLICY): pages mark
// elements with data attributes and this file gives them their behaviour.
import { attach as attachAwayBanner } from "./away_banner.js";

// <select data-autosubmit>: choosing an option submits its form (the language switch).
document.addEventListener("change", (event) => {
  const select = event.target.closest && event.target.closest("select[data-autosubmit]");
  if (select && select.form) { select.form.submit(); }
});
// <button data-close-details>: closes the <details> it is in (the resign confirmation's Cancel).
document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("[data-close-details]");
  if (!button) { return; }
  const details = button.closest("details");
  if (details) { details.open = false; }
});
// The header's Menu (templates/base.html): on a phone the site's links fold under it. Without script it is a
// link to them (#site-nav, shown by :target); here a disclosure button, closed again by Escape (the focus back on
// it) or by a click outside the header.
const menuLink = document.querySelector(".site-header a.menu-toggle");
const siteNav = document.getElementById("site-nav");
if (menuLink && siteNav) {
  const menuButton = document.createElement("button");
  menuButton.type = "button";
  menuButton.className = "menu-toggle";
  menuButton.dataset.testid = "menu-toggle";
  menuButton.textContent = menuLink.textContent;
  menuButton.setAttribute("aria-controls", "site-nav");
  menuButton.setAttribute("aria-expanded", "false");
  menuLink.replaceWith(menuButton);
  const setOpen = (open) => {
    siteNav.classList.toggle("open", open);
    menuButton.setAttribute("aria-expanded", String(open));
  };
  menuButton.addEventListener("click", () => setOpen(!siteNav.classList.contains("open")));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && siteNav.classList.contains("open")) {
      setOpen(false);
      menuButton.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (siteNav.classList.contains("open") && !event.target.closest(".site-header")) { setOpen(false); }
  });
}
// The away banner (templates/base.html, static/js/away_banner.js)
const banner = document.getElementById("away-banner");
if (banner) { attachAwayBanner(banner, document.getElementById("away-announcer")); }
