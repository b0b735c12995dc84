// Example puzzles, from the test data of crates/dlx-puzzles/tests/data (sources there).

export const EXAMPLES = [
  {
    "name": "17-clue 9x9 (Gordon Royle's list)",
    "text": ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
    "extra": []
  },
  {
    "name": "16x16, letters (POJ 3076 sample)",
    "text": "--A----C-----O-I\n-J--A-B-P-CGF-H-\n--D--F-I-E----P-\n-G-EL-H----M-J--\n----E----C--G---\n-I--K-GA-B---E-J\nD-GP--J-F----A--\n-E---C-B--DP--O-\nE--F-M--D--L-K-A\n-C--------O-I-L-\nH-P-C--F-A--B---\n---G-OD---J----H\nK---J----H-A-P-L\n--B--P--E--K--A-\n-H--B--K--FI-C--\n--F---C--D--H-N-\n",
    "extra": []
  },
  {
    "name": "Jigsaw 9x9",
    "text": "1.........9.1..8..3.1..........4...5......9...2..74..........9.7.....23....4...51\n111222233111222233114452333144455633444555666774556668777956688779999888779999888\n",
    "extra": []
  },
  {
    "name": "Sudoku X",
    "text": "..1...2....23....44........5.3....6..1......5..6..........78.......9.....7...1.9.",
    "extra": [
      "x"
    ]
  },
  {
    "name": "Windoku",
    "text": "..............5.1.....2...6......4....5...6...8...73.....214....7......2..6....4.",
    "extra": [
      "windoku"
    ]
  },
  {
    "name": "25x25 (Alain Frisch, in Gecode's examples)",
    "text": ".W..SP..XGEIA...HR....U..OP.V.KH...Y.N...LS..Q...............P.D.Q.M.X.WSJB.....S.NWD.UFVJ.K.B......QN..B..ML.....ODTVJ.K.IXHV....FB...DGLAI......NE...RB.HV.SPU...JMW..T..C.OG..QC.E..HI....R.S.....WU.AK..I.OJY.F.W....ECG.Q..X......A..W...X...UL.FH.YPTXJ.OWKQ.....G.L.....V..FDE.NLY.R..W.O.SA...VT.GI.R.U..H.X..I.Y...J...B.AS...FBA.M.V.....KHUP..Y..LQ.QY.WGN.UA....C..K..X.PDE....KRX....E.L.Y...OWDHN....OU.....B.MQ..AG..EIX....R.VO..BP.W...JFX.QL.YK.GB.A..U...RV.IFN.DEP.......I...GV..J.X...R...U.....L.SJ.........A.....N.DH.X.KR.......YQU.F..A....ELPFV...WDORH...T..Q.N......U..D.IAG....KN.PHO.V.R..HO......E.XC..D...I.....T",
    "extra": []
  }
];
