import { createRoute } from '@tanstack/react-router';
import { appRoute } from '../../app/root-route';
import { placeholderPage } from '../placeholders/placeholder-page';

export const dashboardRoute = createRoute({ getParentRoute: () => appRoute, path: '/', component: placeholderPage('dashboard.title') });
