// autocannon ships no types; the benchmarks use it loosely.
declare module 'autocannon';
