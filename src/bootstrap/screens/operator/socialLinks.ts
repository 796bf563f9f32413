import { fromPromise } from 'xstate';
import {
  type LinkRequest,
  type OperatorSocialLink,
  operatorSocialLinksMachine,
  socialLinkFormMachine,
} from '../../../../machines/operator/socialLinks';
import type { ApiClient } from '../../../api';
import { answering, payloadOf } from './requests';

/** /operator/social-links: the home page's links and their form. */
export const socialLinksScreens = {
  /** GET /operator/social-links; DELETE one; PATCH the positions that changed. */
  operatorSocialLinks: (api: ApiClient) =>
    operatorSocialLinksMachine.provide({
      actors: {
        fetchSocialLinks: answering((_, signal) => api.GET('/operator/social-links', { signal })),
        removeSocialLink: answering(({ id }: { id: number }, signal) =>
          api.DELETE('/operator/social-links/{id}', { params: { path: { id } }, signal }),
        ),
        orderSocialLinks: fromPromise<OperatorSocialLink[], { links: OperatorSocialLink[] }>(
          async ({ input, signal }) => {
            let links = input.links;
            // One PATCH per link whose place changed, each its own audit row; the last answer is the list.
            for (const [position, link] of input.links.entries()) {
              if (link.position === position) continue;
              links = await payloadOf(
                api.PATCH('/operator/social-links/{id}', {
                  params: { path: { id: link.id } },
                  body: { position },
                  signal,
                }),
              );
            }
            return links;
          },
        ),
      },
    }),
  /** POST /operator/social-links, or PATCH /operator/social-links/{id}. */
  socialLinkForm: (api: ApiClient) =>
    socialLinkFormMachine.provide({
      actors: {
        saveSocialLink: answering(({ id, ...body }: LinkRequest, signal) =>
          id === null
            ? api.POST('/operator/social-links', { body, signal })
            : api.PATCH('/operator/social-links/{id}', { params: { path: { id } }, body, signal }),
        ),
      },
    }),
};
