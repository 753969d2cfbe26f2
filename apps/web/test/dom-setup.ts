// The DOM test environment (jsdom) for the web app's component tests (*.dom.test.tsx).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);

// jsdom lays nothing out: scrolling an element into view is a no-op there, as it is unimplemented.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
