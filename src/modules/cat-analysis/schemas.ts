import { Type, type Static } from '@sinclair/typebox';
import { Id, Input } from '../../core/schemas.js';
import { CAT_TOOL_IDS } from '../cat-configurations/index.js';

/** CAT analysis endpoints: the parsed report and the import parameters. */
const Count = Type.Object({ segments: Type.Integer(), words: Type.Integer(), characters: Type.Integer() });

const Counts = Type.Record(Type.String(), Count, {
  description: "every tool match name of the tool (in the catalogue's order, zeros included) → { segments, words, characters }",
});

export const ParsedReport = Type.Object(
  {
    catTool: Type.String({ description: 'the CAT tool id of the catalogue (`trados`, `memoq`, `phrase`)' }),
    format: Type.String({ description: '`trados-xml`, `memoq-csv` or `trados-csv`' }),
    units: Type.Array(Type.String(), { description: 'addition: the units the report really counts; the others are 0 everywhere' }),
    languages: Type.Array(
      Type.Object({
        target: Type.Union([Type.String(), Type.Null()], { description: 'target language code; null when the report names none' }),
        files: Type.Array(Type.Object({ name: Type.String(), counts: Counts })),
        counts: Counts,
      }),
    ),
  },
  { title: 'catAnalysisReport' },
);

/** Text fields of the multipart body of `POST /v2/cat-analysis/parse` (the file is the part `file`). */
export const ParseFields = Input({
  catTool: Type.Optional(
    Type.String({ enum: [...CAT_TOOL_IDS], description: 'the tool that wrote the report (decides between memoQ and Phrase for a Trados-compatible CSV)' }),
  ),
});

/**
 * Parameters of an import: a form or JSON body with `fileId`, or a multipart body with the part
 * `file` and these text fields.
 */
export const ImportFields = Input({
  fileId: Type.Optional(Id('a file of the job whose content is the report (instead of uploading `file`)')),
  catConfiguration: Type.Optional(Id("CAT configuration id; default: the client's catConfiguration (for an outsourcing: the supplier's, else the client's)")),
  targetLanguage: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 50,
      description: "the report's target language to import; needed only when it holds several and none is the job's target",
    }),
  ),
});
export type ImportFieldsInput = Static<typeof ImportFields>;

export const OutsourcingImportParams = Type.Object({ id: Id('job id'), outsourcingId: Id('outsourcing id') }, { additionalProperties: false });
