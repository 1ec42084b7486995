/* The page module of a match whose game draws no renderer of its own (the generic one draws its legal actions). */
import { startMatchPage } from "./match_page.js";

startMatchPage();
