/* global document, localStorage, location, navigator, window */
// The offline page (served by the service worker when a page load finds no network): shown in the language the
// app remembers (localStorage 'bb.language', else the 'bb_lang' cookie, else the browser's), and reloaded as
// soon as the browser is back online. A file of its own: the Content-Security-Policy allows no inline script.
(function () {
  var language = 'en';
  try {
    language = localStorage.getItem('bb.language') || '';
  } catch (_e) {
    language = '';
  }
  if (!language) {
    var cookie = /(?:^|;\s*)bb_lang=(en|hi)/.exec(document.cookie);
    language = cookie ? cookie[1] : (navigator.language || '').slice(0, 2) === 'hi' ? 'hi' : 'en';
  }
  if (language !== 'hi') language = 'en';
  document.documentElement.lang = language;
  document.title = language === 'hi' ? 'ऑफ़लाइन · बोल बाज़ार' : 'Offline · Bol Bazaar';
  var parts = document.querySelectorAll('[data-lang]');
  for (var i = 0; i < parts.length; i++) parts[i].hidden = parts[i].getAttribute('data-lang') !== language;
  var status = document.querySelector('[data-status]');
  var retry = function () {
    if (status) status.textContent = language === 'hi' ? 'फिर से खोल रहे हैं…' : 'Opening again…';
    location.reload();
  };
  var buttons = document.querySelectorAll('[data-retry]');
  for (var j = 0; j < buttons.length; j++) buttons[j].addEventListener('click', retry);
  window.addEventListener('online', retry);
})();
