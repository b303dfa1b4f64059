import { lazy } from 'react';

// The maps load on demand (Leaflet is the heaviest library of the app). A screen that will show one calls its `load…`
// as soon as it opens, so Leaflet downloads while the screen's data is still on its way rather than after it.

export const loadCourseMap = () => import('./CourseMap');
export const loadPointPickerMap = () => import('./PointPickerMap');
export const loadOpsMap = () => import('./OpsMap');

export const CourseMap = lazy(loadCourseMap);
export const PointPickerMap = lazy(loadPointPickerMap);
export const OpsMap = lazy(loadOpsMap);
