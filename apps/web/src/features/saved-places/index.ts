/** What the rest of the app may use from the saved-places feature (« Mes adresses », issue 39). */
export { SavedPlaceChooser } from './components/SavedPlaceChooser';
export { SavePlaceForm, type PlaceToSave } from './components/SavePlaceForm';
export { SavedPlacesManager } from './components/SavedPlacesManager';
