/** The part of `linebreak` (Unicode line-break opportunities, UAX #14) that the PDF text layout uses; the package ships no types. */
declare module 'linebreak' {
  interface Break {
    position: number;
    required: boolean;
  }
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}
