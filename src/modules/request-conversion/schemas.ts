import { Type, type Static } from '@sinclair/typebox';
import { Amount, Id, Input, Nullable, RequiredText } from '../../core/schemas.js';
import { Quote } from '../documents/index.js';
import { Group } from '../groups/index.js';
import { Job } from '../jobs/index.js';
import { Request } from '../requests/index.js';

/** `POST /v2/requests/:id/convert` (docs/client-portal.md#converting-a-request): every parameter optional. */
export const ConvertRequest = Input({
  group: Type.Optional(
    Type.Boolean({
      description:
        'true: the jobs go into a new group holding the files once; false: no group, each job gets its own copy of the files. Default: a group when the request has several target languages',
    }),
  ),
  quote: Type.Optional(Type.Boolean({ description: 'true: also a draft quote for the client with the new jobs (as POST /v2/quotes with `jobs`)' })),
  name: Type.Optional(
    RequiredText("the name of the group, and of the jobs before their languages (default: the client's reference, else the request's number)"),
  ),
  quantityType: Type.Optional(Id("the jobs' unit; default: the destination unit of the CAT configuration when a CAT report is analysed (required otherwise)")),
  quantity: Type.Optional(Amount({ minimum: 0, description: 'the quantity of each job (default 0; a CAT report analysed sets its job’s)' })),
  catAnalysis: Type.Optional(Type.Boolean({ description: 'false: CAT reports among the files are attached as any file, not analysed (default true)' })),
  catConfiguration: Type.Optional(Id("the CAT configuration the reports are read with; default: the client's default CAT configuration")),
});
export type ConvertRequestInput = Static<typeof ConvertRequest>;

export const Conversion = Type.Object(
  {
    object: Type.Literal('request_conversion'),
    request: Request,
    jobs: Type.Array(Job, { description: 'one job per target language, in the order of the request' }),
    group: Nullable(Group),
    quote: Nullable(Quote),
    analysed: Type.Array(
      Type.Object({ fileId: Type.String({ description: 'the file of the request' }), name: Type.String(), jobIds: Type.Array(Type.String()) }),
      { description: 'the CAT reports among the files and the jobs each was imported into' },
    ),
  },
  { title: 'request conversion' },
);
