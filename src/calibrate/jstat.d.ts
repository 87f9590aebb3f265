// The part of jstat (MIT, no dependencies) levelramp uses: the complementary error function.
declare module "jstat" {
  const jStat: {
    /** erfc(x) = 1 − erf(x). */
    erfc(x: number): number;
  };
  export default jStat;
}
