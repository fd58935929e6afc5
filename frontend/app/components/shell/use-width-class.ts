import { useSyncExternalStore } from 'react';
import { useTheme } from 'styled-components';

/** phone: the sidebar is a drawer; tablet: it starts as icons; desktop: as the user left it. */
export type WidthClass = 'phone' | 'tablet' | 'desktop';

function widthClassOf(width: number, breakpoints: { tablet: number; desktop: number }): WidthClass {
  if (width < breakpoints.tablet) return 'phone';
  return width < breakpoints.desktop ? 'tablet' : 'desktop';
}

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * The window's width class from the theme's breakpoints. The server cannot know it and
 * renders for a desktop; the layout itself comes from CSS media queries, so the first paint
 * is right at every width and this only drives behaviour and accessible names.
 */
export function useWidthClass(): WidthClass {
  const { breakpoints } = useTheme();
  return useSyncExternalStore(
    subscribeToResize,
    () => widthClassOf(window.innerWidth, breakpoints),
    () => 'desktop',
  );
}
