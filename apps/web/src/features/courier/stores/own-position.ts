import { create } from 'zustand';

/** Where the courier's phone last measured itself (latitude, longitude; `at`: the fix's time, epoch ms). */
export interface OwnPosition {
  lat: number;
  lng: number;
  at: number;
}

/**
 * The courier's own position as the device's geolocation gives it, while positions are watched (hooks/position-streaming:
 * a course under way, or available): every fix, before it is thinned for the socket, so that the navigation map shows
 * the courier himself (issue 38); null when nothing is watched or no fix came.
 */
export const useOwnPositionStore = create<{ position: OwnPosition | null }>(() => ({ position: null }));

export const ownPosition = {
  set: (position: OwnPosition | null) => useOwnPositionStore.setState({ position }),
};

/** The courier's own position for a screen. */
export const useOwnPosition = () => useOwnPositionStore((state) => state.position);
