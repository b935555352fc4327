/** An RFC 9457 problem document as the API sends it (src/http/problem.ts). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  error: string;
  errors?: { path: string; message: string }[];
}
