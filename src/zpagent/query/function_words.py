"""Words that carry no meaning of their own in a question: question words,
pronouns, prepositions, auxiliaries and politeness of Slovak, Czech and English,
and the lemmas of verbs whose every form is accounted for. They are the
language, not the wiki (see ``cues``)."""

from __future__ import annotations

# Question words, pronouns, prepositions, auxiliaries and politeness of Slovak,
# Czech and English. A word here is accounted for wherever it stands; a
# content word that is neither here nor a cue nor the wiki's must be said
# back as not understood.
FUNCTION_WORDS = frozenset(
    """
    niekoho niekomu nekoho nekomu treba netreba musim musime musi must need btw clovek
    cloveka osoba osoby person one nic nothing jen uvedeny uvedena uvedene uvedeneho
    uvedenu uvedenej listed stated named
    aky aka ake aku akeho akej akom akych akymi aki kto koho komu kym co com cim comu coho
    ktory ktora ktore ktoru ktori ktoreho ktorej ktorom ktorych ktorym ktorymi kolko kolkych kolkym
    kedy kde ako preco odkedy dokedy je su bol bola bolo boli bude budu ma mal mala mali maju
    mat mam mas mame mate sa si som sme ste v vo na o od do z zo s so k ku pre pri po pod
    nad za a aj i alebo ale ze tej ten ta to tu tom toho tie tieto tych tymi jeho jej ich
    vsetky vsetci vsetkych kazdy uz este len iba prosim mi nam daj povedz vypis ukaz
    zoznam the a an of in on for to by with what who whom which how many much is are
    was were did does do has have had his her their and or please show list me tell
    meno mena menom roku rok roky rokoch roka rokmi studia studium studoval studovala
    studovali studuje studovat studovanie studiu studiom
    prace praca pracu praci pracach pracami prac thesis theses obhajil
    obhajila obhajili obhajoba obhajene obhajenych napisal napisala napisali robil robila
    robili riesil riesila pisal pisala veduci veduca veduceho veducim veducou viedol viedla
    viedli nazov nazvom nazvu vola volala tema temy teme temu temou kolegov spolu obaja obe
    students student studenti studentov studentky studentka studentku studentom
    mohol mohla mohli mozes mozete moze mozem vies viete vie vedel vedela chcem chcel chcela
    chcela potrebujem zaujima zaujimalo zaujimaju rad rada by bych som sa dakujem vdaka
    teda tak no nuz vlastne asi presne prosimta pls nejaky nejaka nejake nejaku nejakeho
    niekto niekoho niektori niektore nieco tam tu tuto tejto tento tato toto tohto tymto
    ktorom kde kam odkial kedze lebo pretoze aby ked keby ak ci nie ano hej jasne ok okej
    super fajn pekne velmi vela menej viac najviac najmenej vobec celkovo spolu dokopy
    celkom presny presna presne uplny uplne uplna vsetko cely cela cele svoj svoja svoje
    svoju jeho jej ich mu ho ju nej neho nemu nim nom nou on ona ono oni ony my vy ja ty
    sam sama sami same samotny samotna potom neskor then later afterwards pak
    zorad zoradte zoradit serad seradte seradit sort them je ich
    kdo co cemu ceho kdy kde jak proc ktery ktera ktere kteri kteremu ktereho kterou kterych ktera
    jaky jaka jake jakou jakych jsou jsem jsi jste jsme byl byla bylo byli bude budou
    mel mela meli ma maji muj moje tvuj nas vas jeho jeji jejich se si pro pri na v ve z ze
    do od po pod nad k ke s se a i nebo ale ze ten ta to tom toho te ty tech temi taky
    prosim dekuji diky chci chtel chtela potrebuji zajima rekni napis ukaz vypis
    any some all each every there here it its this that these those be been being
    can could would should will shall may might must i you we they he she him them
    my your our out up about from at as into than then so if not no yes also too just
    only more most less least total altogether exactly get got give gave tell told know
    want wanted need needed like name names person people
    kolik kolika kolikrat pocet vsade vsude everywhere hlavnej hlavna hlavnu hlavnom main
    dela delaji delal delala delali ide idu isiel isla isli
    patri patria patril patrila patrili patrit clenom clenmi clenovia clen clenka
    robi robia rieši riesi riesia pise pisu pracuje pracuju pracoval pracovala pracovali
    venuje venuju zaobera zaoberaju spadaju spada nachadza nachadzaju uvedeny uvedena
    uvedene uvedeni uvedenych uvedenym uvedenymi uvedeno uvedenu zapisany zapisana zapisani
    zapisanych evidovany evidovana evidovanych uvadza uvadzaju
    belong belongs belonged work works worked working listed registered mentioned under
    pani pan pana panu panovi panej slecna slecny kolega kolegu kolegyna kolegyne
    wiki wiky wikine obhajil obhajila obhajili obhajeny obhajena obhajene obhajit obhaji
    odovzdal odovzdala odovzdali odovzdana odovzdane defended defend submitted finished
    ukoncil ukoncila dokoncil dokoncila skoncil skoncila
    tim time timu timom timy timov tym tymu tymem tymy team teams teamu clenovia clenov
    clenove clenu cleny clenky clenkou members member
    vsechno vsichni vsech vsechny jakem jakeho jakych delal delala delali delat udelal
    udelala resil resila psal psala mel mela meli vedl vedla vedli kteri kterych
    doing done writing written currently now still ever nich nimi tych tychto them those
    spomedzi medzi mezi ostatnych ostatni vsetkym vsetkymi vsetkom figuruje figuruju
    figuroval figurovala figurovali continue continued continuing went but however
    mit mat cez pres pomocou via using write wrote writes used use uses
    pouzival pouzivala pouzivali pouzil pouzila pouzili pouzit pouzivat guy guys girl chlapik
    anyone anybody someone somebody
    pardon prepac prepacte sorry pomylil pomylila spletol spletla myslel myslela mienil
    mienila meant mean oops omyl nie
    prvy prva prve prvu prveho prvej prvom prvou druhy druha druhe druhu druheho druhej
    druhom druhou treti tretia tretie tretiu tretieho tretej posledny posledna posledne
    poslednu posledneho poslednej poslednom prvni druhy posledni first second third last
    stvrty stvrta stvrte stvrtu stvrteho stvrtej stvrtom stvrtou ctvrty ctvrta ctvrteho
    piaty piata piate piatu piateho piatej piatom piatou paty pata pateho fourth fifth
    prof doc ing mgr rndr phd bc mudr judr paeddr phdr csc drsc dr mr mrs ms
    roznych rozni roznymi rozne distinct different unique ruznych ruzni pisou pisu napsali
    napsal napsala profesor profesora profesorovi profesorom profesorka profesorky profesorku
    profesorkou
    docent docenta docentovi docentom docentka docentky docentku docentkou doktor doktora
    doktorka doktorky professor prof dr rokom rokem
    celkem celkove dohromady main primary hlavny hlavna hlavni overall total
    katedre katedra katedry katedru katedrou fakulte fakulta fakulty department faculty
    riesitel riesitelia riesitelov riesitelom riesitelka riesitelky riesitelku
    resitel resitele resitelu solver solvers wiki
    stranke strance stranka stranky stranku stranek page pages
    spomenuty spomenuta spomenute spomenuti spomenutych spomenutym spomenutymi spominany
    spominana spominane spominani spominanych zmieneny zmienena zmienene zmieneni
    zmienenych zmineny zminena zminene zmineni zminenych zminen vypsany vypsana vypsane
    vypsani vypsano vypsanych vypsan vypisany vypisana vypisane vypisani vypisanych
    muzu muze muzeme muzete muzou smim smi smime podla podle according
    """.split()
)

# Lemmas (folded) of verbs and words that carry no condition of their own in any
# form ("malo", "napísali", "obhájených", "venovali"): the lemma decides, so every
# inflection is accounted for, not only the forms listed above.
FUNCTION_LEMMAS = frozenset(
    """
    mat byt robit urobit pisat napisat viest obhajit obhajeny odovzdat odovzdany studovat
    zacat skoncit ukoncit dokoncit venovat zaoberat riesit vyriesit vypracovat spravit
    pracovat tvorit vytvorit vediet chciet potrebovat moct povedat ukazat zistit najst
    hladat existovat nachadzat patrit zucastnit ucastnit absolvovat dostat ziskat vybrat
    zvolit zapisat prihlasit obhajovat spracovat spracovavat zaujimat uviest uvadzat
    obhajoba odovzdanie pokracovat figurovat
    nejaky kazdy vsetok iny dalsi rovnaky taky tento ten ta to tamten ktory aky koho kolko
    """.split()
)


def is_function_word(folded: str, lemma_folded: str) -> bool:
    """A word that says nothing the query must hold: a function word, or any form
    of one of ``FUNCTION_LEMMAS``."""
    return folded in FUNCTION_WORDS or lemma_folded in FUNCTION_LEMMAS
