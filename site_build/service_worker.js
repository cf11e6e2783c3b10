// Trickpad's service worker: the app from this browser's cache, with or without a network.
// site_build writes the version (a hash of the site's files) and the shell (what every
// browser loads: the page, Python, the app) in place of the two markers below.
const VERSION = "__VERSION__";
const SHELL = __SHELL__;
const PREFIX = "trickpad-";
const CACHE = PREFIX + VERSION;

// A new version fills its own cache, with the shell and with every file this browser had
// kept for the version before (its renderer, its fonts), then waits until no tab runs the
// old one: the next visit takes it, and the games (in IndexedDB) are never touched.
self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(SHELL);
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) {
          const old = await caches.open(name);
          await keep(cache, (await old.keys()).map((request) => request.url));
        }
      }
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(answer(request));
});

// The page lists what it loaded before this worker took charge (the first visit's
// renderer); those files are kept too.
self.addEventListener("message", (event) => {
  if (event.data && Array.isArray(event.data.keep)) {
    event.waitUntil(caches.open(CACHE).then((cache) => keep(cache, event.data.keep)));
  }
});

// Every address of the app is its one page: the app routes (/game/..., /rules/...) itself.
async function answer(request) {
  const cache = await caches.open(CACHE);
  const key = request.mode === "navigate" ? self.registration.scope : request;
  const kept = await cache.match(key, { ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200 && response.type === "basic") {
    await cache.put(request, response.clone());
  }
  return response;
}

async function keep(cache, urls) {
  for (const url of urls) {
    if (new URL(url).origin !== self.location.origin || (await cache.match(url))) continue;
    try {
      await cache.add(url);
    } catch (error) {
      console.warn("Trickpad: not kept for offline use:", url, error);
    }
  }
}
