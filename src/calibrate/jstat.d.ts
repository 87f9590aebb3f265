// The part of jstat (MIT, no dependencies) levelramp uses: the complementary error function and Student's t quantile.
declare module "jstat" {
  const jStat: {
    /** erfc(x) = 1 − erf(x). */
    erfc(x: number): number;
    /** Student's t distribution: `inv(p, dof)` its p-quantile. */
    studentt: { inv(p: number, dof: number): number };
  };
  export default jStat;
}
