// Preact with htm: `html` tagged templates instead of JSX, so no build step is needed.
// Every module of the client (and each game's page) imports from here.
import { h, render } from 'preact';
import htm from 'htm';

export const html = htm.bind(h);
export { h, render };
export {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'preact/hooks';
