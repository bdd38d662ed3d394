import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, type Answer } from '../../shared/api/client';

export type Webhook = Answer<'listWebhooks'>['items'][number];
export type Delivery = Answer<'listWebhookDeliveries'>['items'][number];

const KEY = ['webhooks'] as const;

export const webhooksQuery = queryOptions({
  queryKey: KEY,
  queryFn: ({ signal }) => data(api.GET('/v2/webhooks', { params: { query: { pageSize: 100 } }, signal })),
});

export const deliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, id, 'deliveries'] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/webhooks/{id}/deliveries', { params: { path: { id }, query: { pageSize: 50 } }, signal })),
  });

export function useWebhooks() {
  return useQuery(webhooksQuery);
}

export function useDeliveries(id: string | undefined) {
  return useQuery({ ...deliveriesQuery(id ?? ''), enabled: id !== undefined });
}

type Values = { url: string; events: string[]; description: string; enabled: boolean };

export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Values }) =>
      id
        ? data(api.PUT('/v2/webhooks/{id}', { params: { path: { id } }, body })).then((webhook) => ({ ...webhook, secret: undefined as string | undefined }))
        : data(api.POST('/v2/webhooks', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => data(api.DELETE('/v2/webhooks/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => data(api.POST('/v2/webhooks/{id}/test', { params: { path: { id } } })),
    onSuccess: (_delivery, id) => queryClient.invalidateQueries({ queryKey: [...KEY, id, 'deliveries'] }),
  });
}
