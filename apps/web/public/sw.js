// Relaycast's service worker: browser push notifications only (docs/notifications.md). It is registered when
// the user turns push notifications on in Settings → Notifications; it caches nothing.

self.addEventListener('push', (event) => {
  let message = { title: 'Relaycast', body: '', link: null };
  try {
    if (event.data) message = { ...message, ...event.data.json() };
  } catch {
    // A payload that is not JSON still shows the notification, with its text as the body.
    message.body = event.data ? event.data.text() : '';
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/favicon.svg',
      data: {
        link: typeof message.link === 'string' && message.link.startsWith('/') ? message.link : '/dashboard',
      },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.link ?? '/dashboard', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          await client.focus();
          if ('navigate' in client) await client.navigate(target);
          return;
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
