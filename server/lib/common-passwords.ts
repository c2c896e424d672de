// The most common passwords, lowercase, reproduced from the well-known public breach lists
// (the "top 1000" lists of SecLists / the RockYou leak, plus their usual variants). Registration
// refuses any of them whatever the letter case: they are the first guesses of any attacker.
// Entries shorter than the minimum length are kept so the list stays a faithful copy; the
// length rule refuses those first.
const LIST = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael
654321 superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm
asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas
hockey ranger daniel starwars klaster 112233 george computer michelle jessica pepper 1111 zxcvbn
555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua cheese amanda
summer love ashley nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder
taylor matrix mobilemail mom monitor monitoring montana moon moscow william corvette hello martin
heather secret merlin diamond 1234qwer gfhjkm hammer silver 222222 88888888 anthony justin test
bailey q1w2e3r4t5 patrick internet scooter orange 11111 golfer cookie richard samantha bigdog guitar
jackson whatever mickey chicken sparky snoopy maverick phoenix camaro peanut morgan welcome falcon
cowboy ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa boomer
booboo spider nascar monster tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234
compaq purple hardcore banana junior hannah 123654 porsche lakers iceman money cowboys 987654 london
tennis 999999 ncc1701 coffee scooby 0000 miller boston q1w2e3r4 brandon yamaha chester mother
forever johnny edward 333333 oliver redsox player nikita knight fender barney midnight please brandy
chicago badboy slayer rangers charles angel flower bigdaddy rabbit wizard bigdick jasper enter
rachel chris steven winner adidas victoria natasha 1q2w3e4r jasmine winter prince panties marine
ghbdtn fishing cocacola casper james 232323 raiders 888888 marlboro gandalf asdfasdf crystal
87654321 12344321 golden 8675309 toyota sexsex chelsea1 beavis iwantu nirvana mountain mistress
blowjob tiffany captain 202020 arthur 4444 sandra victor 5555 william1 hotdog jack shannon 1313
coolio maxwell apples 1212 mouse dolphin kevin joanne qwert flyers calvin birdie dennis 11223344
toyota1 mike fuckyou1 rocket theman cameron 147258369 super brian dudley 123456a bonnie ashley1
dragon1 trouble jeremy florida albert qazwsxedc tomcat barbie lucky 1q2w3e bond007 nathan canada
alex gibson loveme alexander gators crazy nissan fucker girls sierra panther kitty john butter
parker danielle bobby rosebud yamaha1 freddy jordan23 viper 1qazxsw2 password1 password123 welcome1
abc12345 qwerty123 1q2w3e4r5t admin admin123 administrator root toor changeme default guest letmein1
monkey1 shadow1 master1 sunshine1 princess1 football1 baseball1 iloveyou1 superman1 qwerty1 123abc
passw0rd p@ssw0rd p@ssword pa55word passwort motdepasse contraseña senha wachtwoord salasana
lösenord haslo parola password12 password1234 password! password01 passpass mypassword mypass
secret1 secret123 welcome123 welcome2 hello123 hello1 helloworld iloveyou2 iloveu lovely loveyou
love123 baby babygirl babygirl1 princess12 angel1 angels sweet sweetie sweetheart honey flower1
butterfly butterfly1 rainbow unicorn kitten kitty1 puppy doggy pussycat 1234567891 12345678910
123456789a 123456789q 1234567a 1234abcd 12341234 12121212 11112222 13131313 123123a 121314 123987
147258 147852 147852369 159357 159951 741852963 789456 789456123 963852741 0987654321 9876543210
01234567 0123456789 123456123 112233445566 1122334455 00000000 0000000 99999999 77777777 66666666
55555555 44444444 33333333 22222222 1111111 11111111111 aaaaaaaa aaaaaa1 abcdefg abcdefgh abcd1234
abcdef abcabc asdf asdf1234 asdfghjk asdfghjkl asdfjkl zaq12wsx zaq1zaq1 zaq1xsw2 qweasd qweasdzxc
qweqwe qwe123 qwe123qwe qwerty12 qwerty1234 qwertyu qwertyui qwerty12345 q1w2e3 1qw23e 1qaz1qaz
2wsx3edc 3edc4rfv xsw21qaz zxcvbnm1 zxcv1234 zxc123 poiuytrewq mnbvcxz lkjhgfdsa dragon123 monkey123
shadow123 master123 killer123 hunter2 hunter12 batman1 superman123 spiderman spider1 starwars1
pokemon pokemon1 naruto minecraft minecraft1 fortnite roblox letmein123 trustme trustno1! whatever1
nothing somebody someone anything everything football12 soccer1 soccer12 hockey1 basketball
baseball12 tennis1 golf golfing runner running swimming cricket rugby skater surfer snowboard
chelsea12 liverpool liverpool1 arsenal1 manchester manutd barcelona realmadrid juventus jessica1
michael1 jennifer1 michelle1 nicole1 ashley12 daniel1 robert1 thomas1 charlie1 jordan1 hannah1
andrew1 joshua1 matthew1 anthony1 justin1 jasmine1 samantha1 amanda1 melissa1 taylor1 austin1
brandon1 tigger1 maggie1 ginger1 buster1 bailey1 cookie1 peanut1 pepper1 summer1 winter1 spring
autumn computer1 internet1 samsung1 iphone apple apple123 google google123 yahoo hotmail gmail
facebook facebook1 twitter myspace myspace1 linkedin microsoft windows windows1 linux ubuntu
chocolate chocolate1 cheese1 banana1 orange1 pizza pizza123 hamburger cookies coffee1 bubbles bubba
blink182 metallica nirvana1 eminem slipknot december november october september august july june
april march february january monday friday sunday weekend christmas holiday america usa123 canada1
mexico germany france england london1 paris newyork chicago1 texas california florida1 dallas1
boston1 jersey trinity matrix1 neo morpheus gandalf1 frodo legolas hobbit zelda mario luigi sonic
pikachu test123 test1 testing testing123 tester demo demo123 user user123 login login123 access1
access14 temp temp123 temppass guest123 public private secure security qwerty! 1q2w3e4r! abc123!
pass123 pass1234 pass12 passw0rd1 p4ssw0rd loveme1 lovers lover iloveyou! iloveyou123 fuckyou
fuckoff fuck shit bitch asshole pussy dick letmein! welcome! monkey! master! dragon! 123456!
12345678! charlie123 jordan123 michael123 andrew123 thomas123 daniel123 robert123 william123
david123 david1 david james1 john123 johnny1 jackson1 jack123 jake jacob jacob1 ethan noah liam
mason logan lucas elizabeth emily emma olivia sophia isabella madison abigail chloe grace lauren
lauren1 rachel1 sarah sarah1 sophie katie katherine kimberly stephanie amber amber1 brittany
heather1 crystal1 diamond1 destiny superstar rockstar rockyou rock you123 star stars sunflower
rosebud1 daisy lily tulip freedom1 liberty justice peace peaceout happy happy123 happiness smile
smiley funny lucky1 lucky7 lucky13 magic magic123 wizard1 merlin1 mystery qwertyuiop1 asdfghjkl1
zxcvbnm123 1q2w3e4r5t6y 1qaz2wsx3edc qazwsxedc123 q1w2e3r4t5y6 qwaszx letmein2 changeme1 changeme123
newpass newpassword password2 password3 password7 password8 password9 password11 password13
password22 password69 password99 password2020 password2021 password2022 password2023 password2024
password2025 summer2020 summer2021 summer2022 summer2023 summer2024 summer2025 winter2023 winter2024
spring2024 autumn2024 welcome2024 welcome2025
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

/** True when the password, ignoring letter case and surrounding spaces, is on the list. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
