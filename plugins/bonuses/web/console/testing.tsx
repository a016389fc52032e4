// The bonuses console's sections in the console's context for web unit tests (kernel/web/console/testing.tsx).
import type { ReactNode } from 'react';
import { renderConsoleSection, text, type RouteHandler } from '../../../../kernel/web/console/testing.tsx';
import en from '../../console/locales/en.json';

export const renderSection = (node: ReactNode, routes: Record<string, RouteHandler>) => renderConsoleSection(node, routes, { ns: 'bonuses-console', en, role: 'admin' });
export { text };
