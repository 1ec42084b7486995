// Behaviour every page shares. The Content-Security-Policy allows no inline
// script or handler (config/settings.py, CONTENT_SECURITY_POLICY): pages mark
// elements with data attributes and this file gives them their behaviour.
(function () {
  "use strict";
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
})();
