#!/usr/bin/env bash
# The extension of Suetsugu-Abuku's checks to 1 <= a <= 100 (docs/SWEEPS.md):
# `bash ext.sh 1` for {a, b, a+b, a+2b}, `bash ext.sh 2` for {a, b, a+b, 2a+b}.
G=${G:-target/release/grundy}
C1='i = (b-a)/(2*a); j = (b-(2*i+1)*a)/a; k = b-(2*i+j+1)*a; f = 4*(i+j)*(i+1)*a*a + (4*i+3)*k*a + k*k;
  b == 2*a || if(b < 2*a, period*(b-a) == f, if(gcd(a,b) == a, period == ((a+b-1)/(2*a))*a, period*gcd(a,b) == f))'
C1b='b == 2*a || b % a != 0 || period == 4*a*((a+b)/(2*a))'
L7='m = b/(2*a); !(b != 2*a && 2*m*a <= b && b <= (2*m+1)*a && m >= 1) || period == (2*m+3)*a + b'
C3='m = b/(2*a); fp = ((b+2*a-1)/(2*a))*4*a*a + 3*a*(b % a); !((2*m+1)*a < b && b < (2*m+2)*a) || period*gcd(a,b) == fp'
case $1 in
1) $G sweep 'all-but:a,b,a+b,a+2*b' --param a=1..100 --param 'b=a+1..a+100' --check "$C1" --check "$C1b" --summary -o /tmp/e1.csv ;;
2) $G sweep 'all-but:a,b,a+b,2*a+b' --param a=1..100 --param 'b=2*a+1..2*a+100' --check "$L7" --check "$C3" --summary -o /tmp/e2.csv ;;
esac
