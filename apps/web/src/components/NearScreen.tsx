import { type ReactNode, useRef } from 'react';
import { useNearScreen } from './use-near-screen';

/**
 * `children` once this place is near the screen (./use-near-screen.ts), `placeholder` until then —
 * give it the height the content will roughly take, so nothing jumps when it comes in.
 */
export function NearScreen({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearScreen(place);
  return <div ref={place}>{near ? children : placeholder}</div>;
}
