/**
 * The tray (menu-bar) icon: a small blue calendar, 32×32, readable on light and dark menu bars
 * and taskbars alike. Inline, so the bundle needs no file beside it.
 */
export const TRAY_ICON_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAYklEQVR42mNgGAVEADlN6/8gTGs9ow6AaHRY/x8DQw3DKocL49BDuuVUdgBeRwxeB1AZjzpg8DpANfn1f3rgUQeQ5AB0QK74qANGE+FoLhh1wGgiHHUAUQ6ghyNG+5mDDgAAJ4AfE4AhzTwAAAAASUVORK5CYII=';
