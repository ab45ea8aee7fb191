// A screen worked with a finger (a phone, a tablet): the lesson's hints say "tap" and "Next", not
// keys and arrows a student on a phone does not have (issue 19: "Predict (keys 1–4), then →").
import { useMediaQuery } from './presenter/FitBox';

/** the primary pointer is a finger, or the screen is a phone's width (the phone layout, styles.css):
 *  the lesson shots' emulated 390-px phone still showed the keyboard's hints with (pointer: coarse) alone */
export const TOUCH_SCREEN = '(pointer: coarse), (max-width: 480px)';

export function useTouchScreen(): boolean {
  return useMediaQuery(TOUCH_SCREEN);
}
