import { create } from 'zustand';
import type { ConnectionState } from '@/lib/socket';

/** The socket's connection, the one piece of realtime state that is not server data (that goes to the query cache). */
interface RealtimeState {
  connection: ConnectionState;
}

export const useRealtimeStore = create<RealtimeState>()(() => ({
  connection: 'disconnected',
}));

/** Actions, callable outside React (the socket wiring calls them). */
export const realtimeActions = {
  setConnection: (connection: ConnectionState) => useRealtimeStore.setState({ connection }),
  reset: () => useRealtimeStore.setState({ connection: 'disconnected' }),
};

export const useConnectionState = () => useRealtimeStore((state) => state.connection);
export const useIsOnline = () => useRealtimeStore((state) => state.connection === 'connected');
