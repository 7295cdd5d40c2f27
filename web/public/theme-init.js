// Runs before the app loads so the first paint already has the right theme (no flash).
// Reads the zustand-persisted value under "fincrypt-theme"; with nothing stored, follows the system.
(function () {
  var theme = null;
  try {
    var stored = JSON.parse(localStorage.getItem('fincrypt-theme') || 'null');
    if (stored && stored.state && (stored.state.theme === 'dark' || stored.state.theme === 'light')) {
      theme = stored.state.theme;
    }
  } catch {
    theme = null;
  }
  if (!theme) {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
})();
