import { staticPageMachine } from '../../../machines/staticPages';
import type { ApiClient } from '../../api';
import { apiActors } from '../actors';

export const pageScreens = {
  staticPage: (api: ApiClient) =>
    staticPageMachine.provide({ actors: { fetchPage: apiActors(api).fetchPage } }),
};
