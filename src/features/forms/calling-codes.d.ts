declare module 'virtual:calling-codes' {
  /** ISO 3166-1 alpha-2 → calling code without '+', for every country the phone library knows. */
  const codes: Readonly<Record<string, string>>;
  export default codes;
}
