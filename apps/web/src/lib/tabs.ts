import { createContext, useContext } from 'react';

/** Opens a section (tab) of the signed-in layout by its id; provided by the layout, used by shortcut cards. */
export const OpenTabContext = createContext<(tabId: string) => void>(() => undefined);

export const useOpenTab = () => useContext(OpenTabContext);
