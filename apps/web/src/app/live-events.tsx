import { useEffect } from 'react';
import { AppLiveEvents } from '../lib/realtime/app-live-events';
import { loadLiveChannelLibrary } from '../lib/socket';
import { NotificationLiveEvents } from '../features/notifications/components/notification-live-events';
import { MessageLiveEvents } from '../features/messages/lib/use-message-events';

/** What the signed-in app hears from the server on every screen (app/routes/app/app-root.tsx loads it later). */
export function LiveEvents() {
  // The children's listeners are in place (their effects run first): the channel may connect now.
  useEffect(loadLiveChannelLibrary, []);
  return (
    <>
      <AppLiveEvents />
      <NotificationLiveEvents />
      <MessageLiveEvents />
    </>
  );
}
