// Applies the saved theme before first paint, so a dark page never flashes light.
// A file, not an inline script, so a Content-Security-Policy can forbid inline scripts.
// Same rules and key ('theme') as src/app/theme/theme.ts.
(function () {
  var preference = 'system';
  try {
    var saved = window.localStorage.getItem('theme');
    if (saved === 'light' || saved === 'dark' || saved === 'system') preference = saved;
  } catch (e) {
    // Storage disabled: follow the system.
  }
  var systemDark = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var dark = preference === 'dark' || (preference === 'system' && systemDark);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
