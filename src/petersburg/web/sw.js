// The service worker: shows push notifications ("Your turn at Clara's table") while no page is
// open, and opens the table when one is clicked. It caches nothing and answers no request itself:
// every page, /api request and /ws socket goes to the network as if there were no worker, so a
// game's state is never served stale.
/// <reference lib="webworker" />
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

worker.addEventListener("install", () => { worker.skipWaiting(); });
worker.addEventListener("activate", (event) => { event.waitUntil(worker.clients.claim()); });

worker.addEventListener("push", (event) => {
  /** @type {{title?: string, body?: string, url?: string}} */
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = { body: event.data ? event.data.text() : "" }; }
  event.waitUntil(worker.registration.showNotification(data.title || "Sankt Petersburg", {
    body: data.body || "",
    icon: "/static/icons/icon-192.png",
    data: { url: data.url || "/" },
    tag: data.url || "petersburg",
  }));
});

worker.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data && event.notification.data.url || "/", worker.location.origin);
  if (url.origin !== worker.location.origin) return;
  event.waitUntil(worker.clients.openWindow(url.href));
});
