// The site's service worker: every file of the site is kept on install, so
// the page, its engine and its worker load offline after the first visit.
// `cargo xtask web` fills in the file list and a version that changes with
// any file; a new version replaces the old cache.
const FILES = __FILES__;
const CACHE = 'npuzzle-__VERSION__';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('npuzzle-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Cache first: the site's files never change under one version.
self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith(caches.match(event.request, { ignoreSearch: true }).then((hit) => hit ?? fetch(event.request)));
});
